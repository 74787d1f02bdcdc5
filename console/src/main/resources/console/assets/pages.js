// The console's dispatching pages: the live map, the queue with one-click assign, a delivery
// with its decisions. Every value from the server is written as text.
"use strict";

const ACTIVE = ["ASSIGNED", "PICKED_UP", "IN_TRANSIT"];
const TERMINAL = ["DELIVERED", "FAILED", "CANCELLED"];

// ---------------------------------------------------------------- live map

async function liveMapPage() {
  const mapBox = h("div", { class: "live-map", "data-testid": "live-map" });
  const status = h("span", { class: "muted", "data-testid": "stream-state" }, "connecting…");
  const counts = h("div", { class: "legend", "data-testid": "counts" });
  const riderList = h("ul", { class: "list", "data-testid": "riders-live" });
  page("Live map",
    h("div", { class: "split" },
      h("div", { class: "card" }, mapBox,
        h("div", { class: "legend" },
          h("span", {}, h("i", { style: "background:#0f7b6c" }), "rider on shift"),
          h("span", {}, h("i", { style: "background:#98a2b3" }), "rider off shift"),
          h("span", {}, h("i", { style: "background:#b54708;border-radius:2px" }), "NEW"),
          h("span", {}, h("i", { style: "background:#175cd3;border-radius:2px" }), "ASSIGNED"),
          h("span", {}, h("i", { style: "background:#7a2e98;border-radius:2px" }), "picked up, in transit")),
        status),
      h("div", { class: "card" }, h("h2", {}, "Deliveries open"), counts, h("h2", {}, "Riders"), riderList)));
  const map = createLiveMap(mapBox);
  // each rider's line is made once and then changed in place: a button being pressed is never replaced
  const lines = new Map();
  const line = (r) => {
    if (!lines.has(r.riderId)) {
      const parts = { name: h("strong"), shift: h("span"), load: h("span", { class: "muted", "data-testid": "rider-load" }),
        position: h("span", { class: "muted", "data-testid": "rider-position" }),
        zoom: h("button", { type: "button", class: "small secondary", "data-testid": "zoom",
          onclick: () => { map.zoomTo(map.zoomedTo === r.riderId ? null : r.riderId); drawSide(); } }) };
      parts.li = h("li", { "data-rider": r.riderId }, h("span", {}, parts.name, " ", parts.shift), parts.load, parts.position, parts.zoom);
      lines.set(r.riderId, parts);
    }
    const parts = lines.get(r.riderId);
    const located = r.lat !== null && r.lat !== undefined;
    parts.name.textContent = r.name;
    parts.shift.replaceChildren(badge(r.shift));
    parts.load.textContent = `load ${r.active}/${r.maxActive}`;
    parts.position.textContent = located ? `${r.lat.toFixed(5)}, ${r.lng.toFixed(5)} · ${ago(r.recordedAt)}` : "no position";
    parts.zoom.hidden = !located;
    parts.zoom.textContent = map.zoomedTo === r.riderId ? "Show all" : "Zoom here";
    return parts.li;
  };
  const drawSideNow = () => {
    const byStatus = {};
    for (const d of map.deliveries.values()) byStatus[d.status] = (byStatus[d.status] || 0) + 1;
    counts.replaceChildren(...(Object.keys(byStatus).length
      ? Object.entries(byStatus).map(([s, n]) => h("span", { "data-status": s }, badge(s), ` ${n}`))
      : [h("span", {}, "none")]));
    const riders = [...map.riders.values()].sort((a, b) => (b.shift === "ON") - (a.shift === "ON") || a.name.localeCompare(b.name));
    const shown = riders.slice(0, 100).map(line);
    if (shown.some((li, i) => riderList.children[i] !== li) || riderList.children.length !== shown.length) riderList.replaceChildren(...shown);
    map.changed();
  };
  // positions come many times a second: the side is drawn at most four times a second
  let sideTimer = null;
  const drawSide = () => {
    if (sideTimer) return;
    sideTimer = setTimeout(() => { sideTimer = null; drawSideNow(); }, 250);
  };
  const load = (riderId, delta) => {
    const rider = riderId && map.riders.get(riderId);
    if (rider) rider.active = Math.max(0, rider.active + delta);
  };
  const source = new EventSource("/api/v1/admin/live/stream");
  source.addEventListener("open", () => { status.textContent = "live"; });
  source.addEventListener("error", () => { status.textContent = "reconnecting…"; });
  source.addEventListener("snapshot", (event) => {
    const snapshot = JSON.parse(event.data);
    map.riders.clear();
    map.deliveries.clear();
    for (const r of snapshot.riders) map.riders.set(r.riderId, r);
    for (const d of snapshot.deliveries) map.deliveries.set(d.dispatchId, d);
    status.textContent = "live";
    drawSide();
  });
  source.addEventListener("rider", (event) => {
    const fix = JSON.parse(event.data);
    const rider = map.riders.get(fix.riderId)
      || { riderId: fix.riderId, name: `Rider ${short(fix.riderId)}`, shift: "ON", active: 0, maxActive: 1 };
    Object.assign(rider, { lat: fix.lat, lng: fix.lng, recordedAt: fix.recordedAt });
    map.riders.set(fix.riderId, rider);
    drawSide();
  });
  source.addEventListener("delivery", (event) => {
    const change = JSON.parse(event.data);
    const known = map.deliveries.get(change.dispatchId);
    const before = known && ACTIVE.includes(known.status) ? known.riderId : null;
    if (TERMINAL.includes(change.status)) {
      map.deliveries.delete(change.dispatchId);
    } else {
      const next = known || { dispatchId: change.dispatchId, pickup: change.pickup, dropoff: change.dropoff };
      next.status = change.status;
      if (change.status === "NEW") next.riderId = null;
      if (change.riderId) next.riderId = change.riderId;
      map.deliveries.set(change.dispatchId, next);
    }
    const now = map.deliveries.get(change.dispatchId);
    const after = now && ACTIVE.includes(now.status) ? now.riderId : null;
    if (before !== after) { load(before, -1); load(after, +1); }
    drawSide();
  });
  state.cleanup.push(() => { source.close(); clearTimeout(sideTimer); map.remove(); });
}

// ---------------------------------------------------------------- queue

async function assign(dispatchId, riderId, name) {
  await api("POST", `/api/v1/admin/dispatches/${dispatchId}/assign`, { riderId });
  toast(`Assigned to ${name}`);
}

/** The engine's ranked riders for a waiting delivery, each with its one-click assign. */
function suggestionsBox(dispatchId, after) {
  const box = h("div", { class: "suggestions", "data-testid": "suggestions" }, h("span", { class: "muted" }, "Finding riders…"));
  section(box, async () => {
    const riders = (await api("GET", `/api/v1/admin/dispatch/queue/${dispatchId}/suggestions`)).data;
    if (!riders.length) return box.replaceChildren(h("span", { class: "muted" }, "No eligible rider right now."));
    box.replaceChildren(...riders.map((s) => h("div", { class: "suggestion", "data-rider": s.riderId },
      h("span", {}, `${s.rank}. `, h("strong", {}, s.name), ` · ${meters(s.distanceMeters)} · load ${s.active}/${s.maxActive}`),
      h("button", { type: "button", class: "small", "data-testid": "assign", onclick: async (event) => {
        event.target.disabled = true;
        try { await assign(dispatchId, s.riderId, s.name); await after(); }
        catch (error) { if (error instanceof ApiError) box.append(problem(error)); event.target.disabled = false; }
      } }, "Assign"))));
  });
  return box;
}

/** The queue, oldest first, of every zone or of the one chosen (`?zone=`): a dispatcher watches their zones. */
async function queuePage() {
  const zone = new URLSearchParams(location.search).get("zone") || "";
  const list = h("div", { "data-testid": "queue" }, h("p", { class: "muted" }, "Loading…"));
  const find = submitting(h("form", { class: "inline", "data-testid": "find" },
    field("Delivery id", h("input", { name: "id", required: true, pattern: "[0-9a-fA-F-]{36}", placeholder: "00000000-0000-…" })),
    h("button", { type: "submit", class: "secondary" }, "Open")), async (data) => go(`/console/deliveries/${data.get("id").trim()}`));
  const zones = h("select", { name: "zone", "data-testid": "zone-filter",
    onchange: (event) => go(event.target.value ? `/console/queue?zone=${encodeURIComponent(event.target.value)}` : "/console/queue") },
    h("option", { value: "" }, "All zones"));
  const refresh = async () => section(list, async () => {
    const query = zone ? `&zoneId=${encodeURIComponent(zone)}` : "";
    const entries = (await api("GET", `/api/v1/admin/dispatch/queue?limit=100${query}`)).data;
    if (!entries.length) return list.replaceChildren(empty("Nothing waits: every delivery has a rider or an open offer."));
    list.replaceChildren(table("queue-table", ["Delivery", "Zone", "Waiting", "Reason", "Offers", may("assign") ? "Assign to" : null].filter(Boolean),
      entries.map((e) => h("tr", { "data-id": e.dispatchId },
        h("td", {}, deliveryLink(e.dispatchId)), h("td", {}, e.zoneId || "—"),
        h("td", {}, `${Math.round(e.waitingSeconds / 60)} min`), h("td", {}, badge(e.reason)), h("td", {}, e.offersMade),
        may("assign") ? h("td", {}, suggestionsBox(e.dispatchId, refresh)) : null))));
  });
  page("Queue", h("div", { class: "card" }, find),
    h("div", { class: "inline" }, field("Zone", zones),
      h("button", { type: "button", class: "secondary", "data-testid": "refresh", onclick: refresh }, "Refresh")), h("p"), list);
  await Promise.all([refresh(), section(zones.parentElement, async () => {
    for (const z of (await api("GET", "/api/v1/admin/zones")).data) {
      const id = z.zoneId || z.id;
      zones.append(h("option", { value: id, selected: id === zone }, z.name && z.name !== id ? `${z.name} (${id})` : id));
    }
  })]);
  const timer = setInterval(() => { if (!document.hidden) refresh(); }, 20000);
  state.cleanup.push(() => clearInterval(timer));
}

// ---------------------------------------------------------------- a delivery and its decisions

async function deliveryPage(id) {
  const facts = h("div", { class: "card", "data-testid": "delivery" }, h("p", { class: "muted" }, "Loading…"));
  const decisions = h("div", { "data-testid": "decisions" }, h("p", { class: "muted" }, "Loading…"));
  const history = h("div", { "data-testid": "history" });
  const assignBox = h("div");
  page(`Delivery ${short(id)}`, facts, assignBox, h("h2", {}, "Decisions"), decisions, h("h2", {}, "History"), history);
  const reload = () => go(location.pathname, true);
  await Promise.all([
    section(facts, async () => {
      const d = (await api("GET", `/api/v1/admin/dispatches/${id}`)).data;
      const degrees = (x) => String(Number(Number(x).toFixed(6)));
      const stop = (s) => (s ? `${s.address || ""}${s.lat !== null && s.lat !== undefined ? ` (${degrees(s.lat)}, ${degrees(s.lng)})` : ""}` : "—");
      const rows = [["Id", d.id], ["Status", badge(d.status)], ["External id", d.externalId || "—"], ["Zone", d.zoneId || "—"],
        ["Rider", d.riderId || "—"], ["Pickup", stop(d.pickup)], ["Drop-off", stop(d.dropoff)],
        ["Created", when(d.createdAt)], ["Target delivery", when(d.targetDeliveryAt)],
        ["PIN", d.pinLock?.locked ? "locked after wrong guesses" : "not locked"]];
      facts.replaceChildren(h("table", {}, h("tbody", {}, rows.map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, v))))));
      if (d.status === "NEW" && may("assign")) {
        assignBox.replaceChildren(h("div", { class: "card" }, h("h2", {}, "Assign"), suggestionsBox(d.id, async () => reload())));
      }
    }),
    section(decisions, async () => {
      const list = (await api("GET", `/api/v1/admin/dispatches/${id}/decisions`)).data;
      if (!list.length) return decisions.replaceChildren(empty("The engine made no decision about this delivery (e.g. MANUAL mode)."));
      decisions.replaceChildren(table("decisions-table", ["#", "Decision", "When", "Rider", "Reason", "Policy", "Candidates"],
        list.map((x) => h("tr", {}, h("td", {}, x.sequence), h("td", {}, badge(x.type)), h("td", {}, when(x.occurredAt)),
          h("td", {}, short(x.riderId)), h("td", {}, x.reason || "—"),
          h("td", {}, x.policy ? `${x.policy.mode} (${x.policy.zoneId} v${x.policy.version})` : "—"),
          h("td", {}, (x.candidates || []).slice(0, 3).map((c) => `${c.rank}. ${short(c.riderId)} ${meters(c.distanceMeters)}`).join(" · ") || "—")))));
    }),
    section(history, async () => {
      const steps = (await api("GET", `/api/v1/admin/dispatches/${id}/events`)).data;
      history.replaceChildren(table("history-table", ["When", "Status", "By"],
        steps.map((s) => h("tr", {}, h("td", {}, when(s.occurredAt)), h("td", {}, badge(s.status)),
          h("td", {}, s.actor ? [s.actor.type, s.actor.id].filter(Boolean).join(" ") : "—")))));
    }),
  ]);
}

// The deliveries: the list, and one delivery live with its history, proof and webhook attempts.
"use strict";

async function deliveries() {
  const params = new URLSearchParams(location.search);
  const query = new URLSearchParams({ limit: "20" });
  for (const key of ["status", "source", "cursor"]) if (params.get(key)) query.set(key, params.get(key));
  const answer = await api("GET", `/api/v1/external/dispatches?${query}`);
  const filters = h("form", { class: "inline card", "data-testid": "filters" },
    field("Status", h("select", { name: "status" }, h("option", { value: "" }, "Any"),
      STATUSES.map((s) => h("option", { value: s, selected: params.get("status") === s }, s)))),
    field("Source", h("select", { name: "source" }, h("option", { value: "" }, "Any"),
      SOURCES.map((s) => h("option", { value: s, selected: params.get("source") === s }, s)))),
    h("button", { type: "submit" }, "Filter"));
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(filters)) if (value) next.set(key, value);
    go(`/dashboard/deliveries${next.size ? `?${next}` : ""}`);
  });
  const rows = answer.data;
  const list = rows.length
    ? h("div", { class: "table-wrap" }, h("table", { "data-testid": "deliveries" },
        h("thead", {}, h("tr", {}, h("th", {}, "Order"), h("th", {}, "Status"), h("th", { class: "hide-narrow" }, "Customer"),
          h("th", { class: "hide-narrow" }, "Dropoff"), h("th", { class: "hide-narrow" }, "Source"), h("th", {}, "Created"))),
        h("tbody", {}, rows.map((d) => h("tr", { "data-id": d.id },
          h("td", {}, h("a", { href: `/dashboard/deliveries/${d.id}`, "data-link": true }, d.externalId || d.id.slice(0, 8))),
          h("td", {}, badge(d.status)), h("td", { class: "hide-narrow" }, d.customerName),
          h("td", { class: "hide-narrow" }, d.dropoff?.address), h("td", { class: "hide-narrow" }, d.source),
          h("td", {}, when(d.createdAt)))))))
    : h("div", { class: "card empty", "data-testid": "empty" }, "No deliveries",
        params.get("status") || params.get("source") ? " match these filters." : " yet. ",
        h("a", { href: "/dashboard/deliveries/new", "data-link": true }, "Create one"), " or ",
        h("a", { href: "/dashboard/deliveries/import", "data-link": true }, "import a CSV"), ".");
  const pager = h("div", { class: "pager" },
    params.get("cursor") ? h("a", { href: `/dashboard/deliveries${withCursor(params, null)}`, "data-link": true }, "First page") : null,
    answer.meta?.nextCursor ? h("a", { href: `/dashboard/deliveries${withCursor(params, answer.meta.nextCursor)}`,
      "data-link": true, "data-testid": "next" }, "Next page →") : null);
  page("Deliveries", filters, list, pager);
}

function withCursor(params, cursor) {
  const next = new URLSearchParams(params);
  if (cursor) next.set("cursor", cursor); else next.delete("cursor");
  return next.size ? `?${next}` : "";
}

async function delivery(id) {
  const path = `/api/v1/external/dispatches/${encodeURIComponent(id)}`;
  const [d, history, notifications] = await Promise.all([
    api("GET", path).then((a) => a.data),
    api("GET", `${path}/events`).then((a) => a.data),
    api("GET", `${path}/webhooks`).then((a) => a.data),
  ]);
  const status = h("span", { "data-testid": "status" }, badge(d.status));
  const waitingBox = h("p", { class: "muted", "data-testid": "waiting", hidden: true });
  const mapBox = h("div", { class: "map", id: "map", "data-testid": "map" });
  const facts = h("div", { class: "card" },
    h("p", {}, "Status: ", status),
    waitingBox,
    h("p", {}, `Customer: ${d.customerName} · ${d.customerPhone}`),
    h("p", {}, `Pickup: ${d.pickup?.address}`),
    h("p", {}, `Dropoff: ${d.dropoff?.address}`),
    h("p", {}, `${d.paymentType} · ${money(d.amountCents, d.currency)} · fee ${money(d.feeCents, d.currency)} · source ${d.source}`),
    h("p", {}, "Deliver by: ", when(d.targetDeliveryAt)),
    // the route planner's estimates (dispatching mode BATCHED), when there are any
    d.estimatedPickupAt ? h("p", { "data-testid": "estimated-pickup" }, "Estimated pickup: ", when(d.estimatedPickupAt)) : null,
    d.estimatedDeliveryAt ? h("p", { "data-testid": "estimated-delivery" }, "Estimated delivery: ", when(d.estimatedDeliveryAt)) : null,
    h("p", {}, "Tracking link for the customer: ", h("a", { href: d.trackingUrl, target: "_blank", rel: "noopener", "data-testid": "tracking" }, d.trackingUrl)));
  const historyBox = h("div", {}, historyTable(history));
  const attemptsBox = h("div", {}, attemptsTable(id, notifications));
  const proofHolder = h("div", {}, proofBox(d.proofOfDelivery));
  page(`Delivery ${d.externalId || d.id.slice(0, 8)}`,
    h("div", { class: "grid" }, facts, h("div", { class: "card" }, h("h2", {}, "Rider"), mapBox,
      h("p", { class: "muted", id: "rider-note" }, d.riderId ? "" : "No rider yet."))),
    proofHolder,
    h("h2", {}, "History"), historyBox,
    h("h2", {}, "Webhooks sent"), attemptsBox);
  const waiting = waitingFor(path, waitingBox);
  // read after the page is drawn, never before it: the read may wait for the decisions' read model
  if (d.status === "NEW") waiting.read();
  // the history, the webhooks and the waiting line follow the status: read again after each change
  const refresh = async () => {
    waiting.read();
    const [nextHistory, nextNotifications] = await Promise.all([
      api("GET", `${path}/events`).then((a) => a.data), api("GET", `${path}/webhooks`).then((a) => a.data)]);
    if (!location.pathname.endsWith(id)) return;
    if (!proofHolder.childElementCount) {
      const next = (await api("GET", path)).data;
      proofHolder.replaceChildren(...[proofBox(next.proofOfDelivery)].filter(Boolean));
    }
    historyBox.replaceChildren(historyTable(nextHistory));
    attemptsBox.replaceChildren(attemptsTable(id, nextNotifications));
  };
  live(d, status, mapBox, refresh);
}

/**
 * The proof of a delivered delivery: who received it and when, and its photo or signature. A proof
 * medium of this service (/api/v1/proof-media/...) is shown as an image read from this origin with
 * the session (the page's img-src allows 'self'); any other URL a rider sent is only a link, and
 * only when it is http(s).
 */
function proofBox(proof) {
  if (!proof) return null;
  const url = proof.photoUrl || proof.signatureUrl;
  const what = proof.photoUrl ? "Photo" : "Signature";
  const line = h("p", {}, `Proof: ${proof.type}`, proof.recipientName ? ` · received by ${proof.recipientName}` : "",
    ` · ${when(proof.capturedAt)}`);
  let media = null;
  const own = url && /^(?:https?:\/\/[^/]+)?(\/api\/v1\/proof-media\/[A-Za-z0-9_-]+)$/.exec(url);
  if (own) {
    media = h("img", { src: own[1], alt: `${what} of the delivery`, class: "proof-media", "data-testid": "proof-media",
      onerror: (event) => event.target.replaceWith(h("p", { class: "muted" }, `The ${what.toLowerCase()} could not be loaded.`)) });
  } else if (url && /^https?:\/\//i.test(url)) {
    media = h("p", {}, `${what}: `, h("a", { href: url, target: "_blank", rel: "noopener noreferrer" }, url));
  }
  return h("div", { class: "card", "data-testid": "proof" }, h("h2", {}, "Proof of delivery"), line, media);
}

const WAITING_REASONS = {
  NO_RIDER_IN_RADIUS: "no rider on shift nearby",
  ALL_DECLINED: "every rider asked declined",
  OFFERS_EXHAUSTED: "offers ran out: our team will assign a rider",
};

/** The line under the status while a delivery is NEW (GET .../dispatching), or null once a rider holds it. */
function waitingLine(w) {
  if (!w.waiting) return null;
  let line = "Waiting for a rider";
  if (w.mode === "MANUAL") line = "Waiting for a rider to take it from the list";
  else if (w.maxOffers != null) line += ` (offered to ${w.offersMade} of ${w.maxOffers})`;
  else if (w.offersMade > 0) line += ` (offered to ${w.offersMade} rider${w.offersMade === 1 ? "" : "s"})`;
  const why = WAITING_REASONS[w.reason];
  return why ? `${line} · ${why}` : line;
}

/**
 * Keeps the waiting line of a delivery's page: show(w) draws what GET .../dispatching answered (null:
 * nothing yet) and read() reads it now; either reads it again every 5 s while the delivery waits, and
 * stops once it is no longer NEW or the page changes.
 */
function waitingFor(path, box) {
  let timer = null;
  let reads = 0;
  let stopped = false;
  const show = (w) => {
    if (stopped) return;
    clearTimeout(timer);
    if (w) {
      const line = waitingLine(w);
      box.textContent = line || "";
      box.hidden = !line;
    }
    if (!w || w.waiting) timer = setTimeout(read, 5000);
  };
  const read = async () => {
    const mine = ++reads;
    clearTimeout(timer);
    let w = null;
    try {
      w = (await api("GET", `${path}/dispatching`)).data;
    } catch (error) {
      if (error instanceof Superseded) return;
    }
    if (mine === reads) show(w); // else a later read (a status change) has taken over
  };
  state.cleanup.push(() => { stopped = true; clearTimeout(timer); });
  return { show, read };
}

function historyTable(history) {
  return h("div", { class: "table-wrap" }, h("table", { "data-testid": "history" },
    h("thead", {}, h("tr", {}, h("th", {}, "When"), h("th", {}, "Status"), h("th", {}, "By"), h("th", {}, "Note"))),
    h("tbody", {}, history.map((e) => h("tr", {}, h("td", {}, when(e.occurredAt)), h("td", {}, badge(e.status)),
      h("td", {}, e.actor?.type + (e.actor?.id ? ` ${e.actor.id.length > 12 ? e.actor.id.slice(0, 8) : e.actor.id}` : "")),
      h("td", {}, [e.reasonCode, e.detail].filter(Boolean).join(": ")))))));
}

function attemptsTable(id, notifications) {
  if (!notifications.length) return h("div", { class: "card empty", "data-testid": "attempts-empty" }, "No webhook sent for this delivery yet.");
  return h("div", { class: "table-wrap" }, h("table", { "data-testid": "attempts" },
    h("thead", {}, h("tr", {}, ["Event", "Status", "Attempts", "Last code", "Last error", "Updated", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, notifications.map((n) => h("tr", {},
      h("td", {}, n.event), h("td", {}, badge(n.status)), h("td", {}, n.attemptCount), h("td", {}, n.lastHttpStatus ?? "—"),
      h("td", {}, n.lastError || ""), h("td", {}, when(n.updatedAt)),
      h("td", {}, resendButton(id, n.id)))))));
}

function resendButton(dispatchId, notificationId) {
  return h("button", { class: "secondary", onclick: async (event) => {
    event.target.disabled = true;
    try {
      await api("POST", `/api/v1/external/dispatches/${encodeURIComponent(dispatchId)}/webhooks/${notificationId}/resend`);
      toast("Sent again: it shows here in a moment");
    } catch (error) { toast(error.message); } finally { event.target.disabled = false; }
  } }, "Resend");
}

const ENDED = ["DELIVERED", "FAILED", "CANCELLED"];

/**
 * The rider's position and the status, live from the public tracking stream of the delivery;
 * after each change of status the history and the webhooks are read again (and once more a few
 * seconds after the end, when its last webhooks have been answered).
 */
function live(d, statusElement, mapBox, refresh) {
  const pin = (place) => (place?.lat != null && place?.lng != null ? { lat: place.lat, lng: place.lng } : null);
  const map = window.DispatchMap ? window.DispatchMap.create(mapBox, { tileUrl: state.me.maps?.tileUrl,
    attribution: state.me.maps?.attribution }) : null;
  if (map) map.setPins(pin(d.pickup), pin(d.dropoff));
  else mapBox.replaceChildren(h("p", { class: "muted" }, "The map could not be loaded."));
  if (ENDED.includes(d.status) || !d.trackingToken) return;
  const timers = [];
  const later = (ms) => timers.push(setTimeout(() => refresh().catch(() => {}), ms));
  let shown = d.status;
  const stream = new EventSource(`/api/v1/track/${encodeURIComponent(d.trackingToken)}/stream`);
  stream.addEventListener("status", (event) => {
    const data = JSON.parse(event.data);
    statusElement.replaceChildren(badge(data.status));
    if (data.status !== shown) later(300);
    shown = data.status;
    if (ENDED.includes(data.status)) {
      // the stream can be ahead of the read models (the proof, the last webhooks) by seconds when
      // the service is busy: read again a few times over the next minute
      stream.close();
      [3000, 8000, 15000, 30000, 60000].forEach(later);
    }
  });
  stream.addEventListener("location", (event) => {
    const data = JSON.parse(event.data);
    document.getElementById("rider-note").textContent = `Rider seen ${when(data.timestamp)}`;
    if (map) map.moveRider(data.latitude, data.longitude);
  });
  state.cleanup.push(() => { stream.close(); timers.forEach(clearTimeout); });
}

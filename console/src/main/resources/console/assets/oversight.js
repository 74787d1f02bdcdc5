// The console's oversight pages: exceptions (late, FAILED, PIN-locked, dead letters, disabled
// webhook endpoints), dispatching stats, and the dispatch policy of each zone.
"use strict";

function exceptionRows(list, extra) {
  return list.map((d) => h("tr", {}, h("td", {}, deliveryLink(d.dispatchId)), h("td", {}, badge(d.status)),
    h("td", {}, d.zoneId || "—"), h("td", {}, short(d.riderId)), h("td", {}, extra(d))));
}

async function exceptionsPage() {
  const late = h("div", { "data-testid": "late" }), failed = h("div", { "data-testid": "failed" });
  const locked = h("div", { "data-testid": "pin-locked" }), letters = h("div", { "data-testid": "dead-letters" });
  const endpoints = h("div", { "data-testid": "disabled-endpoints" });
  page("Exceptions",
    h("h2", {}, "Late against their target"), late, h("h2", {}, "Failed in the last 24 hours"), failed,
    h("h2", {}, "PIN locked"), locked, h("h2", {}, "Dead letters"), letters, h("h2", {}, "Disabled webhook endpoints"), endpoints);
  await Promise.all([
    section(late, async () => {
      const x = (await api("GET", "/api/v1/admin/dispatch/exceptions")).data;
      const show = (box, list, heading, extra, none) => box.replaceChildren(list.length
        ? table(`${box.dataset.testid}-table`, ["Delivery", "Status", "Zone", "Rider", heading], exceptionRows(list, extra)) : empty(none));
      show(late, x.late, "Target", (d) => `${when(d.targetDeliveryAt)} (${ago(d.targetDeliveryAt)})`, "Nothing late.");
      show(failed, x.failed, "Reason", (d) => d.failureReason || "—", "Nothing failed.");
      show(locked, x.pinLocked, "Locked", (d) => when(d.pinLockedAt), "No PIN locked.");
    }),
    section(letters, async () => {
      const list = (await api("GET", "/api/v1/admin/dead-letters?status=DEAD&limit=50")).data;
      letters.replaceChildren(list.length ? table("dead-letters-table", ["Group", "Topic", "Reason", "Error", "When"],
        list.map((l) => h("tr", {}, h("td", {}, l.consumerGroup || l.group || "—"), h("td", {}, l.topic || "—"),
          h("td", {}, badge(l.reason || l.status || "DEAD")), h("td", {}, l.error || l.lastError || "—"),
          h("td", {}, when(l.createdAt || l.failedAt))))) : empty("No dead letter."));
    }),
    section(endpoints, async () => {
      const list = (await api("GET", "/api/v1/admin/webhooks/disabled")).data;
      endpoints.replaceChildren(list.length ? table("disabled-endpoints-table", ["Merchant", "URL", "Why", "Since"],
        list.map((e) => h("tr", {}, h("td", {}, short(e.merchantId)), h("td", {}, e.url), h("td", {}, e.disabledReason || "—"),
          h("td", {}, when(e.disabledAt))))) : empty("Every endpoint is active."));
    }),
  ]);
}

function share(value) {
  return value === null || value === undefined ? "—" : `${Math.round(value * 100)} %`;
}

function seconds(value) {
  return value === null || value === undefined ? "—" : `${Math.round(value)} s`;
}

async function statsPage() {
  const params = new URLSearchParams(location.search);
  const days = Number(params.get("days")) || 1;
  const body = h("div", { "data-testid": "stats" }, h("p", { class: "muted" }, "Loading…"));
  const period = h("select", { "aria-label": "Period", onchange: (event) => go(`/console/stats?days=${event.target.value}`) },
    [1, 7, 30].map((n) => h("option", { value: n, selected: n === days }, n === 1 ? "Last 24 hours" : `Last ${n} days`)));
  page("Stats", h("div", { class: "inline" }, period), h("p"), body, whatIfSection());
  await section(body, async () => {
    const from = new Date(Date.now() - days * 86400000).toISOString();
    const s = (await api("GET", `/api/v1/admin/dispatch/stats?from=${encodeURIComponent(from)}`)).data;
    const kpi = (label, value, testid) => h("div", { class: "card" }, h("div", { class: "muted" }, label), h("div", { class: "kpi", "data-testid": testid }, value));
    body.replaceChildren(h("div", { class: "grid" },
      kpi("Created", s.created, "stat-created"), kpi("Assigned", s.assigned, "stat-assigned"),
      kpi("Time to assign, median", seconds(s.timeToAssignSeconds?.p50)), kpi("Time to assign, p90", seconds(s.timeToAssignSeconds?.p90)),
      kpi("Offers made", s.offers?.made ?? 0), kpi("Acceptance", share(s.acceptanceRate)),
      kpi("Nobody eligible", s.noRider), kpi("Pickup on time", share(s.pickupOnTimeShare)),
      kpi("Delivery on time", share(s.deliveryOnTimeShare))));
  });
}

const MODES = ["MANUAL", "BROADCAST", "RANKED", "AUTO_ASSIGN", "BATCHED"];

function policyForm(policy) {
  const form = h("form", { class: "inline", "data-testid": `policy-form-${policy.zoneId}` },
    field("Mode", h("select", { name: "mode" }, MODES.map((m) => h("option", { value: m, selected: m === policy.mode }, m)))),
    field("Offer timeout", h("input", { name: "offerTimeout", value: policy.offerTimeout || "PT30S", size: 6 })),
    field("Max offers", h("input", { name: "maxOffers", type: "number", min: 1, max: 50, value: policy.maxOffers ?? 5, style: "width:5rem" })),
    field("Radius (m)", h("input", { name: "radiusMeters", type: "number", min: 100, max: 100000, value: policy.radiusMeters ?? 5000, style: "width:7rem" })),
    field("Fallback", h("select", { name: "fallback" }, ["OPERATOR_QUEUE", "BROADCAST"].map((f) => h("option", { value: f, selected: f === policy.fallback }, f)))),
    h("button", { type: "submit" }, "Save"));
  return submitting(form, async (data) => {
    const saved = (await api("PUT", `/api/v1/admin/dispatch/policies/${encodeURIComponent(policy.zoneId)}`, {
      mode: data.get("mode"), offerTimeout: data.get("offerTimeout"), maxOffers: Number(data.get("maxOffers")),
      radiusMeters: Number(data.get("radiusMeters")), fallback: data.get("fallback") })).data;
    toast(`${saved.zoneId}: ${saved.mode}, version ${saved.version}`);
    go(location.pathname, true);
  });
}

async function policiesPage() {
  const body = h("div", { "data-testid": "policies" }, h("p", { class: "muted" }, "Loading…"));
  const zones = h("div", { "data-testid": "zones" });
  page("Policies per zone", body, h("h2", {}, "Zones"), zones);
  let policies = [];
  await section(body, async () => {
    policies = (await api("GET", "/api/v1/admin/dispatch/policies")).data;
    body.replaceChildren(...policies.map((p) => h("div", { class: "card", "data-zone": p.zoneId },
      h("h2", {}, p.zoneId, " ", badge(p.mode)),
      h("p", { class: "muted" }, `offers time out after ${p.offerTimeout}, at most ${p.maxOffers}, within ${meters(p.radiusMeters)}, then ${p.fallback}; version ${p.version}`),
      may("policies") ? policyForm(p) : null)));
  });
  await section(zones, async () => {
    const list = (await api("GET", "/api/v1/admin/zones")).data;
    const own = new Set(policies.map((p) => p.zoneId));
    zones.replaceChildren(list.length ? table("zones-table", ["Zone", "Name", "Policy", ""], list.map((z) => h("tr", {},
      h("td", {}, z.zoneId || z.id), h("td", {}, z.name), h("td", {}, own.has(z.zoneId || z.id) ? "its own" : "follows default"),
      h("td", {}, may("policies") && !own.has(z.zoneId || z.id)
        ? h("button", { type: "button", class: "small secondary", onclick: () => body.prepend(h("div", { class: "card" },
          h("h2", {}, z.zoneId || z.id), policyForm({ zoneId: z.zoneId || z.id, mode: "RANKED" }))) }, "Set a policy") : null)))) : empty("No zone: every delivery follows default."));
  });
}

// One delivery's page: its facts, the rider's map, the history and the webhooks sent for it; the
// live parts (status, rider, waiting line) come from delivery-live.js.

import { api } from "../api.js";
import { badge, h, money, page, when } from "../dom.js";
import { live, waitingFor } from "./delivery-live.js";
import { resendButton } from "./webhooks.js";

export async function delivery(id) {
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
  page(`Delivery ${d.externalId || d.id.slice(0, 8)}`,
    h("div", { class: "grid" }, facts, h("div", { class: "card" }, h("h2", {}, "Rider"), mapBox,
      h("p", { class: "muted", id: "rider-note" }, d.riderId ? "" : "No rider yet."))),
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
    historyBox.replaceChildren(historyTable(nextHistory));
    attemptsBox.replaceChildren(attemptsTable(id, nextNotifications));
  };
  live(d, status, mapBox, refresh);
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

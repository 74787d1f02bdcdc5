// The webhook endpoint: its URL (the signing secret shown once), its health, a test, the recent
// attempts with a resend button each, recovering the failed ones of a time range.

import { api } from "../api.js";
import { badge, field, h, main, page, secretBox, submitting, toast, when } from "../dom.js";

export async function webhooks() {
  let endpoint = null;
  try { endpoint = (await api("GET", "/api/v1/external/webhooks")).data; }
  catch (error) { if (error.status !== 404) throw error; }
  const urlForm = h("form", { class: "inline card", "data-testid": "webhook-url" },
    field("Webhook URL", h("input", { name: "url", type: "url", required: true, value: endpoint?.url || "", size: 50 })),
    h("button", { type: "submit" }, endpoint ? "Change" : "Set"));
  submitting(urlForm, async (data) => {
    const registered = (await api("PUT", "/api/v1/dashboard/webhook", { url: data.get("url") })).data;
    await webhooks();
    if (registered.signingSecret) {
      main.insertBefore(secretBox("Your signing secret: verify each webhook's X-Dispatch-Signature with it.", registered.signingSecret), main.children[1]);
    } else toast("Same URL: the signing secret did not change");
  });
  const health = endpoint ? h("div", { class: "card", "data-testid": "health" },
    h("p", {}, "Endpoint: ", badge(endpoint.status), " ", endpoint.disabledReason ? `(${endpoint.disabledReason}, ${when(endpoint.disabledAt)})` : ""),
    h("p", {}, `Waiting: ${endpoint.pending} · succeeded in 24 h: ${endpoint.succeededLast24h} · failed in 24 h: ${endpoint.failedLast24h}`),
    h("div", { class: "inline" },
      h("button", { class: "secondary", "data-testid": "send-test", onclick: async () => {
        await api("POST", "/api/v1/external/webhooks/test");
        toast("webhook.test sent");
      } }, "Send a test"),
      endpoint.status === "DISABLED" ? h("button", { "data-testid": "enable", onclick: async () => {
        await api("POST", "/api/v1/external/webhooks/enable");
        toast("Enabled: everything kept is being sent");
        webhooks();
      } }, "Enable again") : null)) : h("div", { class: "card empty" }, "No webhook URL yet: set one to be told of every change.");
  const recover = h("form", { class: "inline card", "data-testid": "recover" },
    field("Failed since", h("input", { name: "since", type: "datetime-local", required: true })),
    field("Until (optional)", h("input", { name: "until", type: "datetime-local" })),
    h("button", { type: "submit" }, "Send them again"));
  submitting(recover, async (data) => {
    const body = { since: new Date(data.get("since")).toISOString() };
    if (data.get("until")) body.until = new Date(data.get("until")).toISOString();
    const answer = (await api("POST", "/api/v1/external/webhooks/recover", body)).data;
    toast(`${answer.count} failed webhooks will be sent again`);
  });
  const recent = endpoint ? (await api("GET", "/api/v1/external/webhooks/attempts?limit=30")).data : [];
  const attempts = recent.length ? h("div", { class: "table-wrap" }, h("table", { "data-testid": "recent-attempts" },
    h("thead", {}, h("tr", {}, ["Updated", "Event", "Delivery", "Status", "Attempts", "Last code", "Last error", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, recent.map((n) => h("tr", {},
      h("td", {}, when(n.updatedAt)), h("td", {}, n.event),
      h("td", {}, h("a", { href: `/dashboard/deliveries/${n.dispatchId}`, "data-link": true }, n.dispatchId.slice(0, 8))),
      h("td", {}, badge(n.status)), h("td", {}, n.attemptCount), h("td", {}, n.lastHttpStatus ?? "—"), h("td", {}, n.lastError || ""),
      h("td", {}, resendButton(n.dispatchId, n.id)))))))
    : h("div", { class: "card empty" }, "No webhook sent yet.");
  page("Webhooks", urlForm, health,
    endpoint ? h("h2", {}, "Recent attempts") : null, endpoint ? attempts : null,
    endpoint ? h("h2", {}, "Recover failed webhooks") : null, endpoint ? recover : null);
}

/** A button that sends one webhook of a delivery again (on its page and in the recent attempts). */
export function resendButton(dispatchId, notificationId) {
  return h("button", { class: "secondary", onclick: async (event) => {
    event.target.disabled = true;
    try {
      await api("POST", `/api/v1/external/dispatches/${encodeURIComponent(dispatchId)}/webhooks/${notificationId}/resend`);
      toast("Sent again: it shows here in a moment");
    } catch (error) { toast(error.message); } finally { event.target.disabled = false; }
  } }, "Resend");
}

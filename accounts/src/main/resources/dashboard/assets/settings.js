// The merchant's settings: API keys, the webhook endpoint and the Shopify store.
"use strict";

async function keys() {
  const list = (await api("GET", "/api/v1/dashboard/api-keys")).data;
  const shown = h("div", {});
  const form = h("form", { class: "inline card", "data-testid": "new-key" },
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "read", checked: true }), " read"),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "write", checked: true }), " write"),
    h("button", { type: "submit" }, "Create key"));
  submitting(form, async (data) => {
    const scopes = ["read", "write"].filter((s) => data.get(s));
    const key = (await api("POST", "/api/v1/dashboard/api-keys", { scopes })).data;
    await keys();
    main.insertBefore(secretBox(`Your new API key ${key.keyId} (${key.scopes.join(", ")}).`, key.apiKey), main.children[1]);
  });
  const table = list.length
    ? h("div", { class: "table-wrap" }, h("table", { "data-testid": "keys" },
        h("thead", {}, h("tr", {}, ["Key id", "Scopes", "Created", "Status", ""].map((t) => h("th", {}, t)))),
        h("tbody", {}, list.map((key) => h("tr", {}, h("td", {}, h("code", {}, key.keyId)), h("td", {}, key.scopes.join(", ")),
          h("td", {}, when(key.createdAt)), h("td", {}, key.revokedAt ? `revoked ${when(key.revokedAt)}` : badge("ACTIVE")),
          h("td", {}, key.revokedAt ? "" : h("button", { class: "danger", onclick: async () => {
            if (!confirm(`Revoke ${key.keyId}? Clients using it get 401 within seconds.`)) return;
            await api("DELETE", `/api/v1/dashboard/api-keys/${encodeURIComponent(key.keyId)}`);
            toast("Key revoked");
            keys();
          } }, "Revoke")))))))
    : h("div", { class: "card empty" }, "No API keys yet.");
  page("API keys", shown, form, table, h("p", { class: "muted" },
    "Send the key as the X-API-Key header. A read key can list and read; a write key can create and change deliveries."));
}

// ---------------------------------------------------------------- webhooks

async function webhooks() {
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

// ---------------------------------------------------------------- Shopify

async function integrations() {
  let shop = null;
  try { shop = (await api("GET", "/api/v1/dashboard/integrations/shopify")).data; }
  catch (error) { if (error.status !== 404) throw error; }
  const form = h("form", { class: "stack card", "data-testid": "shopify" },
    field("Shop domain", h("input", { name: "shopDomain", required: true, placeholder: "your-shop.myshopify.com", value: shop?.shopDomain || "" })),
    field("Webhook signing secret (from Shopify's notification settings)", h("input", { name: "webhookSecret", type: "password", required: true })),
    field("Pickup address for its orders", h("input", { name: "pickup.address", required: true, value: shop?.pickup?.address || "" })),
    h("div", { class: "row2" }, field("Pickup latitude", h("input", { name: "pickup.lat", inputmode: "decimal", value: shop?.pickup?.lat ?? "" })),
      field("Pickup longitude", h("input", { name: "pickup.lng", inputmode: "decimal", value: shop?.pickup?.lng ?? "" }))),
    h("button", { type: "submit" }, shop ? "Update (the secret again too)" : "Connect"));
  submitting(form, async (data) => {
    const pickup = { address: data.get("pickup.address") };
    if (data.get("pickup.lat")) pickup.lat = Number(data.get("pickup.lat"));
    if (data.get("pickup.lng")) pickup.lng = Number(data.get("pickup.lng"));
    await api("PUT", "/api/v1/dashboard/integrations/shopify",
      { shopDomain: data.get("shopDomain"), webhookSecret: data.get("webhookSecret"), pickup });
    toast("Shopify connected");
    integrations();
  });
  const orders = shop?.recentOrders || [];
  page("Shopify", shop ? h("div", { class: "card" }, h("p", {}, "Connected: ", h("strong", {}, shop.shopDomain)),
      h("p", {}, "In Shopify admin, Settings → Notifications → Webhooks: create an Order creation webhook in JSON to"),
      h("div", { class: "secret" }, h("code", { "data-testid": "receive-url" }, shop.receiveUrl), copyButton(shop.receiveUrl))) : null,
    form,
    shop ? h("h2", {}, "Last orders received") : null,
    shop ? (orders.length ? h("div", { class: "table-wrap" }, h("table", { "data-testid": "orders" },
      h("thead", {}, h("tr", {}, ["Order", "Received", "Outcome", "Delivery"].map((t) => h("th", {}, t)))),
      h("tbody", {}, orders.map((o) => h("tr", {}, h("td", {}, o.orderName), h("td", {}, when(o.receivedAt)),
        h("td", {}, o.outcome, o.detail ? ` — ${o.detail}` : ""),
        h("td", {}, o.dispatchId ? h("a", { href: `/dashboard/deliveries/${o.dispatchId}`, "data-link": true }, "Open") : "—"))))))
      : h("div", { class: "card empty" }, "No order received yet.")) : null);
}

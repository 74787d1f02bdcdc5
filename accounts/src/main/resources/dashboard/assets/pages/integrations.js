// The Shopify store connection and the last orders it sent.

import { api } from "../api.js";
import { copyButton, field, h, page, submitting, toast, when } from "../dom.js";

export async function integrations() {
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

// A new delivery from a form (POST /api/v1/external/dispatches), then its page.

import { api } from "../api.js";
import { field, h, page, submitting, toast } from "../dom.js";
import { go } from "../router.js";
import { state } from "../state.js";

export function newDelivery() {
  const input = (name, attributes = {}) => h("input", { name, ...attributes });
  const form = h("form", { class: "stack card", "data-testid": "new-delivery" },
    h("div", { class: "row2" }, field("Customer name", input("customerName", { required: true })),
      field("Customer phone", input("customerPhone", { required: true, placeholder: "+254 700 000 000" }))),
    field("Your order number (optional)", input("externalId")),
    field("Pickup address", input("pickup.address", { required: true })),
    h("div", { class: "row2" }, field("Pickup latitude", input("pickup.lat", { inputmode: "decimal" })),
      field("Pickup longitude", input("pickup.lng", { inputmode: "decimal" }))),
    field("Dropoff address", input("dropoff.address", { required: true })),
    h("div", { class: "row2" }, field("Dropoff latitude", input("dropoff.lat", { inputmode: "decimal" })),
      field("Dropoff longitude", input("dropoff.lng", { inputmode: "decimal" }))),
    h("div", { class: "row2" }, field("Payment", h("select", { name: "paymentType" }, h("option", {}, "PREPAID"), h("option", {}, "COD"))),
      field("Order value (minor units, e.g. cents)", input("amountCents", { inputmode: "numeric", value: "0" }))),
    h("button", { type: "submit" }, "Create delivery"));
  submitting(form, async (data) => {
    const body = {};
    for (const [key, raw] of data) {
      const value = String(raw).trim();
      if (value === "") continue;
      const [head, tail] = key.split(".");
      const parsed = /lat|lng|amountCents/.test(tail || head) && !Number.isNaN(Number(value)) ? Number(value) : value;
      if (tail) (body[head] ||= {})[tail] = parsed; else body[head] = parsed;
    }
    const created = (await api("POST", "/api/v1/external/dispatches", body)).data;
    toast("Delivery created");
    go(`/dashboard/deliveries/${created.id}`);
  });
  page("New delivery", form,
    h("p", { class: "muted" }, state.me.sandbox ? "Sandbox: a simulated rider takes it and drives it to the end, so you can watch it move." : ""));
}

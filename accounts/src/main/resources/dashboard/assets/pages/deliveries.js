// The list of deliveries, newest first: filtered by status and source, paged by cursor, both in
// the address so back and forward keep them.

import { api } from "../api.js";
import { badge, field, h, page, when } from "../dom.js";
import { go } from "../router.js";

const STATUSES = ["NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED", "FAILED", "CANCELLED"];
const SOURCES = ["api", "csv", "shopify", "staff"];

export async function deliveries() {
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

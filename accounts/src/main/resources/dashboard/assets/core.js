// The merchant dashboard's helpers and shared state: a client of the merchant API
// (/api/v1/external), authenticated by the session cookie, plus the dashboard's own routes
// (/api/v1/dashboard). No build step and no framework: every value from the server is put in the
// page as text (never as HTML). Classic scripts sharing one global scope, loaded in order by
// index.html; app.js, the router, comes last (docs/dashboard.md).
"use strict";

const STATUSES = ["NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED", "FAILED", "CANCELLED"];
const SOURCES = ["api", "csv", "shopify", "staff"];
const main = document.getElementById("main");
const state = { me: null, cleanup: [], page: 0 };

// ---------------------------------------------------------------- helpers

const { h, ApiError, Superseded, toast, when, badge, problem, submitting, copyButton, field } = dispatchPage;
const go = dispatchPage.router({ render: () => render() });
const api = dispatchPage.client({ state, signInPage: "/dashboard/signin", authPrefix: "/api/v1/auth/", go });

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

// Scrolling to a field (focus, a form's "fill this in") stops below the sticky header, whose height
// changes with the menu and a message: without this the field asked for hides under it on a phone.
new ResizeObserver(([entry]) => {
  document.documentElement.style.scrollPaddingTop = `${entry.target.offsetHeight + 8}px`;
}).observe(document.querySelector("header"));

function money(cents, currency) {
  return `${currency || "KES"} ${(Number(cents || 0) / 100).toFixed(2)}`;
}

/** A secret shown once, with a copy button. */
function secretBox(title, value) {
  return h("div", { class: "card" }, h("p", {}, h("strong", {}, title), " It is shown only now."),
    h("div", { class: "secret" }, h("code", { "data-testid": "secret" }, value), copyButton(value)));
}

function page(title, ...children) {
  main.replaceChildren(h("h1", {}, title), ...children);
}

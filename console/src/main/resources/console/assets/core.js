// The dispatch console's helpers: elements built as text (never HTML from data), calls to the
// operator API with the session cookie and the CSRF token, and the role's rights. Classic scripts
// sharing one global scope, no build step (docs/adr/0049-console.md).
"use strict";

const main = document.getElementById("main");
const state = { me: null, cleanup: [], page: 0 };

/** What each role may do on the pages; ADMIN may do everything (decisions.md section 16). */
const RIGHTS = {
  assign: ["ADMIN", "DISPATCHER"],
  riders: ["ADMIN", "DISPATCHER"],
  policies: ["ADMIN", "DISPATCHER"],
};

function may(right) {
  return !!state.me && RIGHTS[right].includes(state.me.role);
}

/** An element: h("a", {href: "/x", class: "y", onclick: f}, "text", child, ...). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code;
    this.fieldErrors = error?.details?.fieldErrors || {};
  }
}

/** A read answered after the operator went to another page: its page must not draw over the new one. */
class Superseded extends Error {}

/** Calls the API with the session; the CSRF token on every state-changing call. 401 ends at the sign-in page. */
async function api(method, path, body) {
  const page = state.page;
  const headers = { Accept: "application/json" };
  if (method !== "GET" && state.me) headers["X-CSRF-TOKEN"] = state.me.csrfToken;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body) });
  let json = null;
  if (response.status !== 204) {
    try { json = await response.json(); } catch (e) { json = null; }
  }
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith("/api/v1/console/")) {
      state.me = null;
      go("/console/signin", true);
    }
    throw new ApiError(response.status, json?.error);
  }
  if (method === "GET" && page !== state.page) throw new Superseded();
  return json;
}

function toast(text) {
  const element = document.getElementById("toast");
  element.textContent = text;
  element.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { element.hidden = true; }, 3500);
}

function when(iso) {
  return iso ? new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : "—";
}

function ago(iso) {
  if (!iso) return "—";
  const seconds = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function meters(value) {
  if (value === null || value === undefined) return "—";
  return value < 1000 ? `${value} m` : `${(value / 1000).toFixed(1)} km`;
}

function short(id) {
  return id ? String(id).slice(0, 8) : "—";
}

function badge(text) {
  return h("span", { class: `badge ${text}` }, text);
}

function deliveryLink(id) {
  return h("a", { href: `/console/deliveries/${id}`, "data-link": true, title: id }, short(id));
}

/** An error box: the message and each field's errors; a 403 names the role. */
function problem(error) {
  if (error.status === 403) {
    return h("div", { class: "card denied", role: "alert", "data-testid": "forbidden" },
      `Your role (${state.me?.role || "none"}) may not see or do this.`);
  }
  const fields = Object.entries(error.fieldErrors || {});
  return h("div", { class: "card error", role: "alert", "data-testid": "error" },
    h("strong", {}, error.message),
    fields.length ? h("ul", {}, fields.map(([field, messages]) => h("li", {}, `${field}: ${[].concat(messages).join("; ")}`))) : null);
}

/** A section that loads on its own: a failed or forbidden read shows in place, the rest of the page stays. */
async function section(container, load) {
  try {
    await load();
  } catch (error) {
    if (error instanceof Superseded) return;
    if (error instanceof ApiError) container.replaceChildren(problem(error));
    else throw error;
  }
}

/** A form's submit: disables it while the call runs and shows the error in place. */
function submitting(form, work) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    form.querySelector(".form-error")?.remove();
    if (button) button.disabled = true;
    try {
      await work(new FormData(form));
    } catch (error) {
      if (error instanceof ApiError) form.append(h("div", { class: "form-error" }, problem(error)));
      else if (!(error instanceof Superseded)) throw error;
    } finally {
      if (button) button.disabled = false;
    }
  });
  return form;
}

function copyButton(text) {
  return h("button", { type: "button", class: "secondary", "data-testid": "copy",
    onclick: async (event) => {
      try { await navigator.clipboard.writeText(text); event.target.textContent = "Copied"; }
      catch (e) { event.target.textContent = "Select and copy"; }
    } }, "Copy");
}

function page(title, ...children) {
  main.replaceChildren(h("h1", {}, title), ...children);
}

function field(label, input) {
  return h("label", {}, label, input);
}

/** A table; each cell carries its heading (data-label), which a phone shows beside the value. */
function table(testid, headings, rows) {
  for (const row of rows) {
    [...row.children].forEach((cell, i) => {
      cell.setAttribute("data-label", headings[i] || "");
      // one box per cell: on a phone the cell is a grid of its heading and this box
      cell.replaceChildren(h("div", {}, ...cell.childNodes));
    });
  }
  return h("div", { class: "table-wrap" }, h("table", { "data-testid": testid },
    h("thead", {}, h("tr", {}, headings.map((t) => h("th", {}, t)))),
    h("tbody", {}, rows)));
}

function empty(text, testid) {
  return h("p", { class: "empty", "data-testid": testid || "empty" }, text);
}

function go(path, replace) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  render();
}

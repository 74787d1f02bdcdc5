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

const { h, ApiError, Superseded, toast, when, badge, copyButton, field } = dispatchPage;
const go = dispatchPage.router({ render: () => render() });
const api = dispatchPage.client({ state, signInPage: "/console/signin", authPrefix: "/api/v1/console/", go });
/** A form's submit, its errors drawn as the console draws them (a 403 names the role). */
const submitting = (form, work) => dispatchPage.submitting(form, work, problem);

function may(right) {
  return !!state.me && RIGHTS[right].includes(state.me.role);
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

function deliveryLink(id) {
  return h("a", { href: `/console/deliveries/${id}`, "data-link": true, title: id }, short(id));
}

/** An error box: the message and each field's errors; a 403 names the role. */
function problem(error) {
  if (error.status === 403) {
    return h("div", { class: "card denied", role: "alert", "data-testid": "forbidden" },
      `Your role (${state.me?.role || "none"}) may not see or do this.`);
  }
  return dispatchPage.problem(error);
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

function page(title, ...children) {
  main.replaceChildren(h("h1", {}, title), ...children);
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


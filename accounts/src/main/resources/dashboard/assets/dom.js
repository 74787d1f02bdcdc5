// Drawing the page: elements and SVG from plain values (every server value as text, never as
// HTML), the formats of dates and money, the shared bits of a page (a status badge, an error box,
// a secret shown once, a message after an action) and a form's submit.

import { ApiError, Superseded } from "./api.js";

export const main = document.getElementById("main");

/** An element: h("a", {href: "/x", class: "y", onclick: f}, "text", child, ...). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

let toastTimer;

/** A message after an action, for 3.5 s: the header's last line, so it covers nothing (issue 32). */
export function toast(text) {
  const element = document.getElementById("toast");
  element.textContent = text;
  element.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { element.hidden = true; }, 3500);
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : "—";
}

export function money(cents, currency) {
  return `${currency || "KES"} ${(Number(cents || 0) / 100).toFixed(2)}`;
}

export function badge(text) {
  return h("span", { class: `badge ${text}` }, text);
}

/** An error box for a failed call: the message and each field's errors. */
export function problem(error) {
  const fields = Object.entries(error.fieldErrors || {});
  return h("div", { class: "card error", role: "alert", "data-testid": "error" },
    h("strong", {}, error.message),
    fields.length ? h("ul", {}, fields.map(([field, messages]) => h("li", {}, `${field}: ${[].concat(messages).join("; ")}`))) : null);
}

/** A form's submit: disables it while the call runs and shows the error in place. */
export function submitting(form, work) {
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

export function copyButton(text) {
  return h("button", { type: "button", class: "secondary", "data-testid": "copy",
    onclick: async (event) => {
      try { await navigator.clipboard.writeText(text); event.target.textContent = "Copied"; }
      catch (e) { event.target.textContent = "Select and copy"; }
    } }, "Copy");
}

/** A secret shown once, with a copy button. */
export function secretBox(title, value) {
  return h("div", { class: "card" }, h("p", {}, h("strong", {}, title), " It is shown only now."),
    h("div", { class: "secret" }, h("code", { "data-testid": "secret" }, value), copyButton(value)));
}

export function page(title, ...children) {
  main.replaceChildren(h("h1", {}, title), ...children);
}

export function field(label, input) {
  return h("label", {}, label, input);
}

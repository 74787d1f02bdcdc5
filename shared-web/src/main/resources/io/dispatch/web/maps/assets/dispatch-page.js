// What the service's pages share (the merchant dashboard and the operators' console): elements
// built as text (never HTML from data), the API client with the session and its CSRF token, error
// boxes and forms. A classic script that defines one global, `dispatchPage`; a page takes what it
// needs from it, so the same code serves a page that is one ES module and one made of classic
// scripts. No build step (docs/adr/0021).
"use strict";

const dispatchPage = (() => {
  /** An element: h("a", {href: "/x", class: "y", onclick: f}, "text", child, ...). */
  function h(tag, attributes = {}, ...children) {
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

  /** A v4 UUID, also outside a secure context (plain HTTP on a LAN address has no crypto.randomUUID). */
  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  }

  class ApiError extends Error {
    constructor(status, error) {
      super(error?.message || `HTTP ${status}`);
      this.status = status;
      this.code = error?.code;
      this.fieldErrors = error?.details?.fieldErrors || {};
      this.details = error?.details || {};
    }
  }

  /** A read answered after the person went to another page: its page must not draw over the new one. */
  class Superseded extends Error {}

  /**
   * The API client of a page: a fresh Idempotency-Key on every call (the merchant contract asks for
   * one under /dispatches; other routes ignore it), the session's CSRF token on every state-changing
   * one. A 401 outside the sign-in routes (`authPrefix`) forgets who was signed in and goes to
   * `signInPage`. `state` holds `me` (with its csrfToken) and `page` (the drawing's number).
   */
  function client({ state, signInPage, authPrefix, go }) {
    return async function api(method, path, body, contentType) {
      const page = state.page;
      const headers = { Accept: "application/json", "Idempotency-Key": uuid() };
      if (method !== "GET" && state.me) headers["X-CSRF-TOKEN"] = state.me.csrfToken;
      let payload;
      if (body !== undefined) {
        headers["Content-Type"] = contentType || "application/json";
        payload = typeof body === "string" ? body : JSON.stringify(body);
      }
      const response = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
      let json = null;
      if (response.status !== 204) {
        try { json = await response.json(); } catch (e) { json = null; }
      }
      if (!response.ok) {
        const error = new ApiError(response.status, json?.error);
        if (response.status === 401 && !path.startsWith(authPrefix)) {
          state.me = null;
          go(signInPage, true);
        }
        throw error;
      }
      if (method === "GET" && page !== state.page) throw new Superseded();
      return json;
    };
  }

  /** A message after an action, for 3.5 s, in the page's #toast. */
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

  function badge(text) {
    return h("span", { class: `badge ${text}` }, text);
  }

  /** An error box for a failed call: the message and each field's errors. */
  function problem(error) {
    const fields = Object.entries(error.fieldErrors || {});
    return h("div", { class: "card error", role: "alert", "data-testid": "error" },
      h("strong", {}, error.message),
      fields.length ? h("ul", {}, fields.map(([field, messages]) => h("li", {}, `${field}: ${[].concat(messages).join("; ")}`))) : null);
  }

  /** A form's submit: disables it while the call runs and shows the error in place (`show` draws it). */
  function submitting(form, work, show = problem) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button[type=submit]");
      form.querySelector(".form-error")?.remove();
      if (button) button.disabled = true;
      try {
        await work(new FormData(form));
      } catch (error) {
        if (error instanceof ApiError) form.append(h("div", { class: "form-error" }, show(error)));
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

  function field(label, input) {
    return h("label", {}, label, input);
  }

  /** Goes to a path of the page, in history (or in place of the current entry), and draws it. */
  function router({ render }) {
    function go(path, replace) {
      if (replace) history.replaceState(null, "", path);
      else history.pushState(null, "", path);
      render();
    }
    document.addEventListener("click", (event) => {
      const link = event.target.closest("a[data-link]");
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      document.getElementById("nav")?.classList.remove("open");
      go(link.getAttribute("href"));
    });
    window.addEventListener("popstate", () => render());
    return go;
  }

  return { h, uuid, ApiError, Superseded, client, toast, when, badge, problem, submitting, copyButton, field, router };
})();

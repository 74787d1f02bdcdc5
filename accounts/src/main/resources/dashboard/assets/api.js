// The one way to call the server: the merchant API and the dashboard's own routes, with the
// session cookie, a fresh Idempotency-Key, the CSRF token, and the error envelope as an ApiError.

import { state } from "./state.js";

/** A v4 UUID, also outside a secure context (plain HTTP on a LAN address has no crypto.randomUUID). */
function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code;
    this.fieldErrors = error?.details?.fieldErrors || {};
    this.details = error?.details || {};
  }
}

/** A read answered after the person went to another page: its page must not draw over the new one. */
export class Superseded extends Error {}

let signedOut = () => {};

/** What to do once the session has ended (a 401 outside /api/v1/auth): the router shows sign-in. */
export function whenSignedOut(handler) {
  signedOut = handler;
}

/**
 * Calls the API with the session: a fresh Idempotency-Key on every call (the contract asks for one
 * under /dispatches), the CSRF token on every state-changing one. 401 ends at the sign-in page.
 */
export async function api(method, path, body, contentType) {
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
    if (response.status === 401 && !path.startsWith("/api/v1/auth/")) {
      state.me = null;
      signedOut();
    }
    throw error;
  }
  if (method === "GET" && page !== state.page) throw new Superseded();
  return json;
}

// The rider API with the token this phone was enrolled with (docs/rider-app.md).
const TOKEN = "dispatch.rider.token";

/** The token from the enrolment link's #token=..., kept, and the fragment removed from the address. */
export function enrolFromAddress() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  if (token) {
    const previous = localStorage.getItem(TOKEN);
    localStorage.setItem(TOKEN, token);
    history.replaceState(null, "", location.pathname + location.search);
    return previous !== token;
  }
  return false;
}

export function token() {
  return localStorage.getItem(TOKEN);
}

export function forget() {
  localStorage.removeItem(TOKEN);
}

/** A refusal of the API, in its envelope: status, code, message and details. */
export class Refused extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code;
    this.details = error?.details || {};
  }
}

/**
 * Calls the rider API. A network failure (offline, server unreachable) rejects with a TypeError;
 * an answer that is not 2xx rejects with Refused; else the envelope's data (with meta, {data, cached}).
 */
export async function call(method, path, { body, key, raw, type, meta } = {}) {
  const headers = { "X-Rider-Token": token() || "", Accept: "application/json" };
  if (key) headers["Idempotency-Key"] = key;
  let payload;
  if (raw) {
    payload = raw;
    headers["Content-Type"] = type;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, { method, headers, body: payload, cache: "no-store" });
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  if (!response.ok) throw new Refused(response.status, json?.error);
  // meta: whether the service worker answered from what it kept (the phone is offline)
  return meta ? { data: json?.data, cached: response.headers.get("X-Rider-App-Cached") === "true" } : json?.data;
}

/** Whether the failure means the server was not reached (to be tried again later). */
export function unreachable(error) {
  return error instanceof TypeError || (error instanceof Refused && (error.status >= 500 || error.status === 429));
}

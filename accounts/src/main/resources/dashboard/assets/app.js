// The merchant dashboard: a client of the merchant API (/api/v1/external), authenticated by the
// session cookie, plus the dashboard's own routes (/api/v1/dashboard). No build step and no
// framework: every value from the server is put in the page as text (never as HTML).

const STATUSES = ["NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED", "FAILED", "CANCELLED"];
const SOURCES = ["api", "csv", "shopify", "staff"];
const main = document.getElementById("main");
const state = { me: null, cleanup: [], page: 0 };

// ---------------------------------------------------------------- helpers

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

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) element.append(child instanceof Node ? child : String(child));
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
 * Calls the API with the session: a fresh Idempotency-Key on every call (the contract asks for one
 * under /dispatches), the CSRF token on every state-changing one. 401 ends at the sign-in page.
 */
async function api(method, path, body, contentType) {
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
      go("/dashboard/signin", true);
    }
    throw error;
  }
  if (method === "GET" && page !== state.page) throw new Superseded();
  return json;
}

// Scrolling to a field (focus, a form's "fill this in") stops below the sticky header, whose height
// changes with the menu and a message: without this the field asked for hides under it on a phone.
new ResizeObserver(([entry]) => {
  document.documentElement.style.scrollPaddingTop = `${entry.target.offsetHeight + 8}px`;
}).observe(document.querySelector("header"));

/** A message after an action, for 3.5 s: the header's last line, so it covers nothing (issue 32). */
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

function money(cents, currency) {
  return `${currency || "KES"} ${(Number(cents || 0) / 100).toFixed(2)}`;
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

/** A secret shown once, with a copy button. */
function secretBox(title, value) {
  return h("div", { class: "card" }, h("p", {}, h("strong", {}, title), " It is shown only now."),
    h("div", { class: "secret" }, h("code", { "data-testid": "secret" }, value), copyButton(value)));
}

function page(title, ...children) {
  main.replaceChildren(h("h1", {}, title), ...children);
}

function field(label, input) {
  return h("label", {}, label, input);
}

// ---------------------------------------------------------------- navigation

function go(path, replace) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  render();
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  document.getElementById("nav").classList.remove("open");
  go(link.getAttribute("href"));
});
window.addEventListener("popstate", () => render());

const ROUTES = [
  [/^\/dashboard\/?$/, overview],
  [/^\/dashboard\/deliveries\/?$/, deliveries],
  [/^\/dashboard\/deliveries\/new$/, newDelivery],
  [/^\/dashboard\/deliveries\/import$/, importCsv],
  [/^\/dashboard\/deliveries\/([^/]+)$/, delivery],
  [/^\/dashboard\/keys$/, keys],
  [/^\/dashboard\/webhooks$/, webhooks],
  [/^\/dashboard\/integrations$/, integrations],
  [/^\/dashboard\/start$/, checklist],
];

async function render() {
  state.page += 1;
  state.cleanup.splice(0).forEach((stop) => stop());
  const path = location.pathname;
  if (path === "/dashboard/signup") return signUp();
  if (path === "/dashboard/signin") return signIn();
  if (!state.me) {
    try {
      state.me = (await api("GET", "/api/v1/dashboard/me")).data;
    } catch (error) {
      return;
    }
  }
  showChrome(true);
  for (const link of document.querySelectorAll("nav a")) {
    link.classList.toggle("active", link.getAttribute("href") === path);
  }
  const route = ROUTES.find(([pattern]) => pattern.test(path));
  if (!route) return page("Not found", h("p", {}, "No such page. ", h("a", { href: "/dashboard", "data-link": true }, "Go to the overview")));
  main.replaceChildren(h("p", { class: "muted" }, "Loading…"));
  try {
    await route[1](...path.match(route[0]).slice(1).map(decodeURIComponent));
  } catch (error) {
    if (error instanceof Superseded) return; // another page is being drawn: this one stops here
    if (error instanceof ApiError && error.status !== 401) main.replaceChildren(problem(error));
    else if (!(error instanceof ApiError)) { main.replaceChildren(problem({ message: String(error) })); throw error; }
  }
}

function showChrome(signedIn) {
  document.getElementById("nav").hidden = !signedIn;
  document.getElementById("who").hidden = !signedIn;
  document.getElementById("menu").hidden = !signedIn;
  if (signedIn) {
    document.getElementById("business").textContent = `${state.me.businessName}${state.me.sandbox ? " (sandbox)" : ""}`;
  }
}

document.getElementById("menu").addEventListener("click", (event) => {
  const open = document.getElementById("nav").classList.toggle("open");
  event.currentTarget.setAttribute("aria-expanded", String(open));
});

document.getElementById("signout").addEventListener("click", async () => {
  try { await api("POST", "/api/v1/auth/signout"); } catch (e) { /* the session is gone either way */ }
  state.me = null;
  go("/dashboard/signin");
});

// ---------------------------------------------------------------- sign-in and signup

function signIn() {
  showChrome(false);
  const form = h("form", { class: "stack", "data-testid": "signin" },
    field("Email", h("input", { name: "email", type: "email", required: true, autocomplete: "username" })),
    field("Password", h("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
    h("button", { type: "submit" }, "Sign in"));
  submitting(form, async (data) => {
    await api("POST", "/api/v1/auth/signin", { email: data.get("email"), password: data.get("password") });
    state.me = null;
    go("/dashboard", true);
  });
  main.replaceChildren(h("div", { class: "auth card" }, h("h1", {}, "Sign in"), form,
    h("p", { class: "muted" }, "New here? ", h("a", { href: "/dashboard/signup", "data-link": true }, "Create an account"))));
}

function signUp() {
  showChrome(false);
  const form = h("form", { class: "stack", "data-testid": "signup" },
    field("Business name", h("input", { name: "businessName", required: true, maxlength: 200 })),
    field("Email", h("input", { name: "email", type: "email", required: true, autocomplete: "username" })),
    field("Password (12 characters or more)", h("input", { name: "password", type: "password", required: true,
      minlength: 12, autocomplete: "new-password" })),
    h("button", { type: "submit" }, "Create account"));
  submitting(form, async (data) => {
    await api("POST", "/api/v1/auth/signup",
      { businessName: data.get("businessName"), email: data.get("email"), password: data.get("password") });
    state.me = null;
    go("/dashboard/start", true);
  });
  main.replaceChildren(h("div", { class: "auth card" }, h("h1", {}, "Create your account"), form,
    h("p", { class: "muted" }, "Have one? ", h("a", { href: "/dashboard/signin", "data-link": true }, "Sign in"))));
}

// ---------------------------------------------------------------- overview

const FINAL = [["delivered", "#0f7b6c"], ["failed", "#b42318"], ["cancelled", "#98a2b3"]];

async function overview() {
  let days;
  try {
    days = (await api("GET", "/api/v1/external/stats/daily?days=14")).data;
  } catch (error) {
    if (error.status === 404) days = null;
    else throw error;
  }
  if (!days) return page("Overview", h("p", { class: "muted" }, "Statistics are not available on this server."));
  const total = (key) => days.reduce((sum, day) => sum + (day[key] || 0), 0);
  const onTime = total("onTime");
  const late = total("late");
  const share = onTime + late ? Math.round((100 * onTime) / (onTime + late)) : null;
  const kpis = h("div", { class: "grid" },
    h("div", { class: "card" }, h("div", { class: "muted" }, "Created, 14 days"), h("div", { class: "kpi", "data-testid": "kpi-created" }, total("created"))),
    h("div", { class: "card" }, h("div", { class: "muted" }, "Delivered"), h("div", { class: "kpi" }, total("delivered"))),
    h("div", { class: "card" }, h("div", { class: "muted" }, "Failed or cancelled"), h("div", { class: "kpi" }, total("failed") + total("cancelled"))),
    h("div", { class: "card" }, h("div", { class: "muted" }, "On time (against the zone's target)"),
      h("div", { class: "kpi", "data-testid": "kpi-ontime" }, share === null ? "—" : `${share} %`)));
  const table = h("div", { class: "table-wrap" }, h("table", { "data-testid": "daily" },
    h("thead", {}, h("tr", {}, ["Day", "Created", "Delivered", "Failed", "Cancelled", "On time", "Late", "On-time share"].map((t) => h("th", {}, t)))),
    h("tbody", {}, days.map((day) => h("tr", {},
      h("td", {}, day.date), h("td", {}, day.created), h("td", {}, day.delivered), h("td", {}, day.failed),
      h("td", {}, day.cancelled), h("td", {}, day.onTime), h("td", {}, day.late),
      h("td", {}, day.onTimeShare === null || day.onTimeShare === undefined ? "—" : `${Math.round(day.onTimeShare * 100)} %`))))));
  page("Overview", kpis,
    h("div", { class: "card chart" }, h("h2", {}, "Deliveries per day by final status"), barChart(days),
      h("div", { class: "legend" }, FINAL.map(([key, color]) => h("span", {}, h("i", { style: `background:${color}` }), key)))),
    h("div", { class: "card chart" }, h("h2", {}, "On-time share per day"), shareChart(days)),
    table);
}

function barChart(days) {
  const width = 700, height = 220, pad = 28;
  const max = Math.max(1, ...days.map((d) => FINAL.reduce((s, [k]) => s + (d[k] || 0), 0)));
  const step = (width - pad * 2) / days.length;
  const bars = [];
  days.forEach((day, i) => {
    let y = height - pad;
    for (const [key, color] of FINAL) {
      const value = day[key] || 0;
      const barHeight = ((height - pad * 2) * value) / max;
      y -= barHeight;
      if (value) bars.push(svg("rect", { x: pad + i * step + 3, y, width: step - 6, height: barHeight, fill: color },
        svg("title", {}, `${day.date}: ${value} ${key}`)));
    }
    const sum = FINAL.reduce((s, [k]) => s + (day[k] || 0), 0);
    if (sum) bars.push(svg("text", { x: pad + i * step + step / 2, y: y - 4, "text-anchor": "middle", "font-size": 11, fill: "#5f6b7a" }, sum));
    bars.push(svg("text", { x: pad + i * step + step / 2, y: height - 8, "text-anchor": "middle", "font-size": 10, fill: "#5f6b7a" }, day.date.slice(5)));
  });
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Deliveries per day by final status" },
    svg("line", { x1: pad, x2: width - pad, y1: height - pad, y2: height - pad, stroke: "#dde3ea" }), bars);
}

function shareChart(days) {
  const width = 700, height = 160, pad = 28;
  const step = (width - pad * 2) / days.length;
  const points = days.map((day, i) => day.onTimeShare === null || day.onTimeShare === undefined ? null
    : [pad + i * step + step / 2, height - pad - (height - pad * 2) * day.onTimeShare, day]);
  const drawn = points.filter(Boolean);
  const path = drawn.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "On-time share per day" },
    [0, 0.5, 1].map((v) => [
      svg("line", { x1: pad, x2: width - pad, y1: height - pad - (height - pad * 2) * v, y2: height - pad - (height - pad * 2) * v, stroke: "#eef2f6" }),
      svg("text", { x: 2, y: height - pad - (height - pad * 2) * v + 4, "font-size": 10, fill: "#5f6b7a" }, `${v * 100}%`)]),
    drawn.length ? svg("path", { d: path, fill: "none", stroke: "#0f7b6c", "stroke-width": 2 }) : null,
    drawn.map(([x, y, day]) => svg("circle", { cx: x, cy: y, r: 3.5, fill: day.onTimeShare < 0.8 ? "#b42318" : "#0f7b6c" },
      svg("title", {}, `${day.date}: ${Math.round(day.onTimeShare * 100)} % on time`))),
    drawn.length ? null : svg("text", { x: width / 2, y: height / 2, "text-anchor": "middle", fill: "#5f6b7a" }, "No delivered parcels yet"));
}

// ---------------------------------------------------------------- deliveries

async function deliveries() {
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

async function delivery(id) {
  const path = `/api/v1/external/dispatches/${encodeURIComponent(id)}`;
  const [d, history, notifications] = await Promise.all([
    api("GET", path).then((a) => a.data),
    api("GET", `${path}/events`).then((a) => a.data),
    api("GET", `${path}/webhooks`).then((a) => a.data),
  ]);
  const status = h("span", { "data-testid": "status" }, badge(d.status));
  const waitingBox = h("p", { class: "muted", "data-testid": "waiting", hidden: true });
  const mapBox = h("div", { class: "map", id: "map", "data-testid": "map" });
  const facts = h("div", { class: "card" },
    h("p", {}, "Status: ", status),
    waitingBox,
    h("p", {}, `Customer: ${d.customerName} · ${d.customerPhone}`),
    h("p", {}, `Pickup: ${d.pickup?.address}`),
    h("p", {}, `Dropoff: ${d.dropoff?.address}`),
    h("p", {}, `${d.paymentType} · ${money(d.amountCents, d.currency)} · fee ${money(d.feeCents, d.currency)} · source ${d.source}`),
    h("p", {}, "Deliver by: ", when(d.targetDeliveryAt)),
    // the route planner's estimates (dispatching mode BATCHED), when there are any
    d.estimatedPickupAt ? h("p", { "data-testid": "estimated-pickup" }, "Estimated pickup: ", when(d.estimatedPickupAt)) : null,
    d.estimatedDeliveryAt ? h("p", { "data-testid": "estimated-delivery" }, "Estimated delivery: ", when(d.estimatedDeliveryAt)) : null,
    h("p", {}, "Tracking link for the customer: ", h("a", { href: d.trackingUrl, target: "_blank", rel: "noopener", "data-testid": "tracking" }, d.trackingUrl)));
  const historyBox = h("div", {}, historyTable(history));
  const attemptsBox = h("div", {}, attemptsTable(id, notifications));
  const proofHolder = h("div", {}, proofBox(d.proofOfDelivery));
  page(`Delivery ${d.externalId || d.id.slice(0, 8)}`,
    h("div", { class: "grid" }, facts, h("div", { class: "card" }, h("h2", {}, "Rider"), mapBox,
      h("p", { class: "muted", id: "rider-note" }, d.riderId ? "" : "No rider yet."))),
    proofHolder,
    h("h2", {}, "History"), historyBox,
    h("h2", {}, "Webhooks sent"), attemptsBox);
  const waiting = waitingFor(path, waitingBox);
  // read after the page is drawn, never before it: the read may wait for the decisions' read model
  if (d.status === "NEW") waiting.read();
  // the history, the webhooks and the waiting line follow the status: read again after each change
  const refresh = async () => {
    waiting.read();
    const [nextHistory, nextNotifications] = await Promise.all([
      api("GET", `${path}/events`).then((a) => a.data), api("GET", `${path}/webhooks`).then((a) => a.data)]);
    if (!location.pathname.endsWith(id)) return;
    if (!proofHolder.childElementCount) {
      const next = (await api("GET", path)).data;
      proofHolder.replaceChildren(...[proofBox(next.proofOfDelivery)].filter(Boolean));
    }
    historyBox.replaceChildren(historyTable(nextHistory));
    attemptsBox.replaceChildren(attemptsTable(id, nextNotifications));
  };
  live(d, status, mapBox, refresh);
}

/**
 * The proof of a delivered delivery: who received it and when, and its photo or signature. A proof
 * medium of this service (/api/v1/proof-media/...) is shown as an image read from this origin with
 * the session (the page's img-src allows 'self'); any other URL a rider sent is only a link, and
 * only when it is http(s).
 */
function proofBox(proof) {
  if (!proof) return null;
  const url = proof.photoUrl || proof.signatureUrl;
  const what = proof.photoUrl ? "Photo" : "Signature";
  const line = h("p", {}, `Proof: ${proof.type}`, proof.recipientName ? ` · received by ${proof.recipientName}` : "",
    ` · ${when(proof.capturedAt)}`);
  let media = null;
  const own = url && /^(?:https?:\/\/[^/]+)?(\/api\/v1\/proof-media\/[A-Za-z0-9_-]+)$/.exec(url);
  if (own) {
    media = h("img", { src: own[1], alt: `${what} of the delivery`, class: "proof-media", "data-testid": "proof-media",
      onerror: (event) => event.target.replaceWith(h("p", { class: "muted" }, `The ${what.toLowerCase()} could not be loaded.`)) });
  } else if (url && /^https?:\/\//i.test(url)) {
    media = h("p", {}, `${what}: `, h("a", { href: url, target: "_blank", rel: "noopener noreferrer" }, url));
  }
  return h("div", { class: "card", "data-testid": "proof" }, h("h2", {}, "Proof of delivery"), line, media);
}

const WAITING_REASONS = {
  NO_RIDER_IN_RADIUS: "no rider on shift nearby",
  ALL_DECLINED: "every rider asked declined",
  OFFERS_EXHAUSTED: "offers ran out: our team will assign a rider",
};

/** The line under the status while a delivery is NEW (GET .../dispatching), or null once a rider holds it. */
function waitingLine(w) {
  if (!w.waiting) return null;
  let line = "Waiting for a rider";
  if (w.mode === "MANUAL") line = "Waiting for a rider to take it from the list";
  else if (w.maxOffers != null) line += ` (offered to ${w.offersMade} of ${w.maxOffers})`;
  else if (w.offersMade > 0) line += ` (offered to ${w.offersMade} rider${w.offersMade === 1 ? "" : "s"})`;
  const why = WAITING_REASONS[w.reason];
  return why ? `${line} · ${why}` : line;
}

/**
 * Keeps the waiting line of a delivery's page: show(w) draws what GET .../dispatching answered (null:
 * nothing yet) and read() reads it now; either reads it again every 5 s while the delivery waits, and
 * stops once it is no longer NEW or the page changes.
 */
function waitingFor(path, box) {
  let timer = null;
  let reads = 0;
  let stopped = false;
  const show = (w) => {
    if (stopped) return;
    clearTimeout(timer);
    if (w) {
      const line = waitingLine(w);
      box.textContent = line || "";
      box.hidden = !line;
    }
    if (!w || w.waiting) timer = setTimeout(read, 5000);
  };
  const read = async () => {
    const mine = ++reads;
    clearTimeout(timer);
    let w = null;
    try {
      w = (await api("GET", `${path}/dispatching`)).data;
    } catch (error) {
      if (error instanceof Superseded) return;
    }
    if (mine === reads) show(w); // else a later read (a status change) has taken over
  };
  state.cleanup.push(() => { stopped = true; clearTimeout(timer); });
  return { show, read };
}

function historyTable(history) {
  return h("div", { class: "table-wrap" }, h("table", { "data-testid": "history" },
    h("thead", {}, h("tr", {}, h("th", {}, "When"), h("th", {}, "Status"), h("th", {}, "By"), h("th", {}, "Note"))),
    h("tbody", {}, history.map((e) => h("tr", {}, h("td", {}, when(e.occurredAt)), h("td", {}, badge(e.status)),
      h("td", {}, e.actor?.type + (e.actor?.id ? ` ${e.actor.id.length > 12 ? e.actor.id.slice(0, 8) : e.actor.id}` : "")),
      h("td", {}, [e.reasonCode, e.detail].filter(Boolean).join(": ")))))));
}

function attemptsTable(id, notifications) {
  if (!notifications.length) return h("div", { class: "card empty", "data-testid": "attempts-empty" }, "No webhook sent for this delivery yet.");
  return h("div", { class: "table-wrap" }, h("table", { "data-testid": "attempts" },
    h("thead", {}, h("tr", {}, ["Event", "Status", "Attempts", "Last code", "Last error", "Updated", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, notifications.map((n) => h("tr", {},
      h("td", {}, n.event), h("td", {}, badge(n.status)), h("td", {}, n.attemptCount), h("td", {}, n.lastHttpStatus ?? "—"),
      h("td", {}, n.lastError || ""), h("td", {}, when(n.updatedAt)),
      h("td", {}, resendButton(id, n.id)))))));
}

function resendButton(dispatchId, notificationId) {
  return h("button", { class: "secondary", onclick: async (event) => {
    event.target.disabled = true;
    try {
      await api("POST", `/api/v1/external/dispatches/${encodeURIComponent(dispatchId)}/webhooks/${notificationId}/resend`);
      toast("Sent again: it shows here in a moment");
    } catch (error) { toast(error.message); } finally { event.target.disabled = false; }
  } }, "Resend");
}

const ENDED = ["DELIVERED", "FAILED", "CANCELLED"];

/**
 * The rider's position and the status, live from the public tracking stream of the delivery;
 * after each change of status the history and the webhooks are read again (and once more a few
 * seconds after the end, when its last webhooks have been answered).
 */
function live(d, statusElement, mapBox, refresh) {
  const pin = (place) => (place?.lat != null && place?.lng != null ? { lat: place.lat, lng: place.lng } : null);
  const map = window.DispatchMap ? window.DispatchMap.create(mapBox, { tileUrl: state.me.maps?.tileUrl,
    attribution: state.me.maps?.attribution }) : null;
  if (map) map.setPins(pin(d.pickup), pin(d.dropoff));
  else mapBox.replaceChildren(h("p", { class: "muted" }, "The map could not be loaded."));
  if (ENDED.includes(d.status) || !d.trackingToken) return;
  const timers = [];
  const later = (ms) => timers.push(setTimeout(() => refresh().catch(() => {}), ms));
  let shown = d.status;
  const stream = new EventSource(`/api/v1/track/${encodeURIComponent(d.trackingToken)}/stream`);
  stream.addEventListener("status", (event) => {
    const data = JSON.parse(event.data);
    statusElement.replaceChildren(badge(data.status));
    if (data.status !== shown) later(300);
    shown = data.status;
    if (ENDED.includes(data.status)) {
      stream.close();
      later(3000);
      later(8000);
    }
  });
  stream.addEventListener("location", (event) => {
    const data = JSON.parse(event.data);
    document.getElementById("rider-note").textContent = `Rider seen ${when(data.timestamp)}`;
    if (map) map.moveRider(data.latitude, data.longitude);
  });
  state.cleanup.push(() => { stream.close(); timers.forEach(clearTimeout); });
}

function newDelivery() {
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

function importCsv() {
  const example = "customerName,customerPhone,externalId,pickup.address,pickup.lat,pickup.lng,dropoff.address,dropoff.lat,dropoff.lng,paymentType,amountCents\n"
    + "Amina Njeri,+254 700 000 001,ORD-1,Kenyatta Ave 1,-1.2841,36.8219,Ngong Rd 12,-1.3001,36.7833,COD,150000\n";
  const text = h("textarea", { name: "csv", "data-testid": "csv", spellcheck: "false" }, example);
  const file = h("input", { type: "file", accept: ".csv,text/csv", onchange: async (event) => {
    const chosen = event.target.files[0];
    if (chosen) text.value = await chosen.text();
  } });
  const result = h("div", { "data-testid": "import-result" });
  const preview = h("button", { type: "button", class: "secondary", "data-testid": "preview" }, "Preview");
  const commit = h("button", { type: "submit", "data-testid": "import" }, "Import");
  const form = h("form", { class: "stack card" }, field("CSV file", file), field("Or paste the rows (header row first)", text),
    h("div", { class: "inline" }, preview, commit));
  preview.addEventListener("click", async () => {
    preview.disabled = true;
    try { showImport(result, await api("POST", "/api/v1/external/dispatches/import?dryRun=true", text.value, "text/csv"), true); }
    catch (error) { showImportError(result, error); }
    finally { preview.disabled = false; }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    commit.disabled = true;
    try { showImport(result, await api("POST", "/api/v1/external/dispatches/import", text.value, "text/csv"), false); }
    catch (error) { showImportError(result, error); }
    finally { commit.disabled = false; }
  });
  page("Import deliveries from CSV", h("p", { class: "muted" },
    "All or nothing: if one row is wrong, nothing is created and the row's errors are listed."), form, result);
}

function showImport(result, answer, dryRun) {
  const data = answer.data;
  if (dryRun) {
    const errors = data.errors || [];
    result.replaceChildren(h("div", { class: `card ${errors.length ? "error" : "ok"}`, "data-testid": "preview-result" },
      h("p", {}, `${data.rows} rows, ${data.valid} valid.`, errors.length ? " Fix the rows below: nothing is created while one is wrong." : " Ready to import."),
      rowErrors(errors)));
  } else {
    result.replaceChildren(h("div", { class: "card ok", "data-testid": "imported" }, h("p", {}, `Imported ${data.count} deliveries.`),
      h("a", { href: "/dashboard/deliveries?source=csv", "data-link": true }, "See them")));
  }
}

/** A refused import: the file's problem, or each row's errors ("rows[3].customerPhone" is row 3's field). */
function showImportError(result, error) {
  const byRow = new Map();
  const other = {};
  for (const [key, messages] of Object.entries(error.fieldErrors || {})) {
    const match = /^rows\[(\d+)\]\.?(.*)$/.exec(key);
    if (match) {
      const row = Number(match[1]);
      if (!byRow.has(row)) byRow.set(row, { row, fieldErrors: {} });
      byRow.get(row).fieldErrors[key] = messages;
    } else other[key] = messages;
  }
  result.replaceChildren(h("div", { class: "card error", role: "alert", "data-testid": "error" }, h("p", {}, error.message),
    rowErrors([...byRow.values()].sort((a, b) => a.row - b.row)),
    Object.keys(other).length ? h("ul", {}, Object.entries(other).map(([f, m]) => h("li", {}, `${f}: ${[].concat(m).join("; ")}`))) : null));
}

/** Row numbers as a spreadsheet shows them: the header is line 1, rows[0] is line 2. */
function rowErrors(errors) {
  if (!errors.length) return null;
  return h("ul", { "data-testid": "row-errors" }, errors.map((row) => h("li", {}, `Line ${row.row + 2} (rows[${row.row}]): `,
    Object.entries(row.fieldErrors || {}).map(([f, m]) => `${f.replace(/^rows\[\d+\]\.?/, "")} ${[].concat(m).join("; ")}`).join(" · "))));
}

// ---------------------------------------------------------------- keys

async function keys() {
  const list = (await api("GET", "/api/v1/dashboard/api-keys")).data;
  const shown = h("div", {});
  const form = h("form", { class: "inline card", "data-testid": "new-key" },
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "read", checked: true }), " read"),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "write", checked: true }), " write"),
    h("button", { type: "submit" }, "Create key"));
  submitting(form, async (data) => {
    const scopes = ["read", "write"].filter((s) => data.get(s));
    const key = (await api("POST", "/api/v1/dashboard/api-keys", { scopes })).data;
    await keys();
    main.insertBefore(secretBox(`Your new API key ${key.keyId} (${key.scopes.join(", ")}).`, key.apiKey), main.children[1]);
  });
  const table = list.length
    ? h("div", { class: "table-wrap" }, h("table", { "data-testid": "keys" },
        h("thead", {}, h("tr", {}, ["Key id", "Scopes", "Created", "Status", ""].map((t) => h("th", {}, t)))),
        h("tbody", {}, list.map((key) => h("tr", {}, h("td", {}, h("code", {}, key.keyId)), h("td", {}, key.scopes.join(", ")),
          h("td", {}, when(key.createdAt)), h("td", {}, key.revokedAt ? `revoked ${when(key.revokedAt)}` : badge("ACTIVE")),
          h("td", {}, key.revokedAt ? "" : h("button", { class: "danger", onclick: async () => {
            if (!confirm(`Revoke ${key.keyId}? Clients using it get 401 within seconds.`)) return;
            await api("DELETE", `/api/v1/dashboard/api-keys/${encodeURIComponent(key.keyId)}`);
            toast("Key revoked");
            keys();
          } }, "Revoke")))))))
    : h("div", { class: "card empty" }, "No API keys yet.");
  page("API keys", shown, form, table, h("p", { class: "muted" },
    "Send the key as the X-API-Key header. A read key can list and read; a write key can create and change deliveries."));
}

// ---------------------------------------------------------------- webhooks

async function webhooks() {
  let endpoint = null;
  try { endpoint = (await api("GET", "/api/v1/external/webhooks")).data; }
  catch (error) { if (error.status !== 404) throw error; }
  const urlForm = h("form", { class: "inline card", "data-testid": "webhook-url" },
    field("Webhook URL", h("input", { name: "url", type: "url", required: true, value: endpoint?.url || "", size: 50 })),
    h("button", { type: "submit" }, endpoint ? "Change" : "Set"));
  submitting(urlForm, async (data) => {
    const registered = (await api("PUT", "/api/v1/dashboard/webhook", { url: data.get("url") })).data;
    await webhooks();
    if (registered.signingSecret) {
      main.insertBefore(secretBox("Your signing secret: verify each webhook's X-Dispatch-Signature with it.", registered.signingSecret), main.children[1]);
    } else toast("Same URL: the signing secret did not change");
  });
  const health = endpoint ? h("div", { class: "card", "data-testid": "health" },
    h("p", {}, "Endpoint: ", badge(endpoint.status), " ", endpoint.disabledReason ? `(${endpoint.disabledReason}, ${when(endpoint.disabledAt)})` : ""),
    h("p", {}, `Waiting: ${endpoint.pending} · succeeded in 24 h: ${endpoint.succeededLast24h} · failed in 24 h: ${endpoint.failedLast24h}`),
    h("div", { class: "inline" },
      h("button", { class: "secondary", "data-testid": "send-test", onclick: async () => {
        await api("POST", "/api/v1/external/webhooks/test");
        toast("webhook.test sent");
      } }, "Send a test"),
      endpoint.status === "DISABLED" ? h("button", { "data-testid": "enable", onclick: async () => {
        await api("POST", "/api/v1/external/webhooks/enable");
        toast("Enabled: everything kept is being sent");
        webhooks();
      } }, "Enable again") : null)) : h("div", { class: "card empty" }, "No webhook URL yet: set one to be told of every change.");
  const recover = h("form", { class: "inline card", "data-testid": "recover" },
    field("Failed since", h("input", { name: "since", type: "datetime-local", required: true })),
    field("Until (optional)", h("input", { name: "until", type: "datetime-local" })),
    h("button", { type: "submit" }, "Send them again"));
  submitting(recover, async (data) => {
    const body = { since: new Date(data.get("since")).toISOString() };
    if (data.get("until")) body.until = new Date(data.get("until")).toISOString();
    const answer = (await api("POST", "/api/v1/external/webhooks/recover", body)).data;
    toast(`${answer.count} failed webhooks will be sent again`);
  });
  const recent = endpoint ? (await api("GET", "/api/v1/external/webhooks/attempts?limit=30")).data : [];
  const attempts = recent.length ? h("div", { class: "table-wrap" }, h("table", { "data-testid": "recent-attempts" },
    h("thead", {}, h("tr", {}, ["Updated", "Event", "Delivery", "Status", "Attempts", "Last code", "Last error", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, recent.map((n) => h("tr", {},
      h("td", {}, when(n.updatedAt)), h("td", {}, n.event),
      h("td", {}, h("a", { href: `/dashboard/deliveries/${n.dispatchId}`, "data-link": true }, n.dispatchId.slice(0, 8))),
      h("td", {}, badge(n.status)), h("td", {}, n.attemptCount), h("td", {}, n.lastHttpStatus ?? "—"), h("td", {}, n.lastError || ""),
      h("td", {}, resendButton(n.dispatchId, n.id)))))))
    : h("div", { class: "card empty" }, "No webhook sent yet.");
  page("Webhooks", urlForm, health,
    endpoint ? h("h2", {}, "Recent attempts") : null, endpoint ? attempts : null,
    endpoint ? h("h2", {}, "Recover failed webhooks") : null, endpoint ? recover : null);
}

// ---------------------------------------------------------------- Shopify

async function integrations() {
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

// ---------------------------------------------------------------- first run

async function checklist() {
  const [keyList, endpoint, recent] = await Promise.all([
    api("GET", "/api/v1/dashboard/api-keys").then((a) => a.data),
    api("GET", "/api/v1/external/webhooks").then((a) => a.data).catch((e) => { if (e.status === 404) return null; throw e; }),
    api("GET", "/api/v1/external/dispatches?limit=20").then((a) => a.data),
  ]);
  const delivered = recent.some((d) => d.status === "DELIVERED");
  const steps = [
    [keyList.some((k) => !k.revokedAt), "Make an API key", "/dashboard/keys"],
    [!!endpoint, "Set a webhook URL", "/dashboard/webhooks"],
    [recent.length > 0, state.me.sandbox ? "Create a sandbox delivery" : "Create a delivery", "/dashboard/deliveries/new"],
    [delivered, "Watch one reach DELIVERED", recent[0] ? `/dashboard/deliveries/${recent[0].id}` : "/dashboard/deliveries"],
  ];
  page("Get started", h("ol", { class: "checklist card", "data-testid": "checklist" }, steps.map(([done, text, href]) =>
    h("li", { class: done ? "done" : "" }, h("a", { href, "data-link": true }, text)))),
    h("p", { class: "muted" }, state.me.sandbox
      ? "You are in sandbox mode: simulated riders pick up your deliveries and drive them to the end."
      : "Your deliveries go to real riders."));
}

render();

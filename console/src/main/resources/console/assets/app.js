// The dispatch console's router, sign-in and header. Loaded last: the pages are in pages.js,
// riders.js and oversight.js, the helpers in core.js (docs/console.md).
"use strict";

const ROUTES = [
  [/^\/console\/?$/, liveMapPage],
  [/^\/console\/queue$/, queuePage],
  [/^\/console\/deliveries\/([^/]+)$/, deliveryPage],
  [/^\/console\/exceptions$/, exceptionsPage],
  [/^\/console\/stats$/, statsPage],
  [/^\/console\/policies$/, policiesPage],
  [/^\/console\/riders$/, ridersPage],
];


async function render() {
  state.page += 1;
  state.cleanup.splice(0).forEach((stop) => stop());
  const path = location.pathname;
  if (path === "/console/signin") return signIn();
  if (!state.me) {
    try {
      state.me = (await api("GET", "/api/v1/console/me")).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) go("/console/signin", true);
      else if (error instanceof ApiError) main.replaceChildren(problem(error));
      return;
    }
  }
  showChrome(true);
  for (const link of document.querySelectorAll("nav a")) {
    link.classList.toggle("active", link.getAttribute("href") === path);
    const roles = link.dataset.roles;
    link.hidden = !!roles && !roles.split(" ").includes(state.me.role);
  }
  const route = ROUTES.find(([pattern]) => pattern.test(path));
  if (!route) return page("Not found", h("p", {}, "No such page. ", h("a", { href: "/console", "data-link": true }, "Go to the live map")));
  main.replaceChildren(h("p", { class: "muted" }, "Loading…"));
  try {
    await route[1](...path.match(route[0]).slice(1).map(decodeURIComponent));
  } catch (error) {
    if (error instanceof Superseded) return;
    if (error instanceof ApiError && error.status !== 401) main.replaceChildren(problem(error));
    else if (!(error instanceof ApiError)) { main.replaceChildren(problem({ message: String(error) })); throw error; }
  }
}

function showChrome(signedIn) {
  for (const id of ["nav", "who", "menu"]) document.getElementById(id).hidden = !signedIn;
  if (signedIn) {
    const operator = document.getElementById("operator");
    operator.textContent = state.me.email || "admin token";
    operator.title = state.me.email || "";
    const role = document.getElementById("role");
    role.textContent = state.me.role;
    role.className = `badge ${state.me.role}`;
  }
}

document.getElementById("menu").addEventListener("click", (event) => {
  const open = document.getElementById("nav").classList.toggle("open");
  event.currentTarget.setAttribute("aria-expanded", String(open));
});

document.getElementById("signout").addEventListener("click", async () => {
  try { await api("POST", "/api/v1/console/signout"); } catch (e) { /* the session is gone either way */ }
  state.me = null;
  go("/console/signin");
});

function signIn() {
  showChrome(false);
  const form = h("form", { class: "stack", "data-testid": "signin" },
    field("Email", h("input", { name: "email", type: "email", required: true, autocomplete: "username" })),
    field("Password", h("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
    h("button", { type: "submit" }, "Sign in"));
  submitting(form, async (data) => {
    state.me = (await api("POST", "/api/v1/console/signin", { email: data.get("email"), password: data.get("password") })).data;
    go("/console", true);
  });
  main.replaceChildren(h("div", { class: "auth card" }, h("h1", {}, "Operator sign-in"), form,
    h("p", { class: "muted" }, "Operators are created by an ADMIN (the first one with the admin token: see the README).")));
}

render();

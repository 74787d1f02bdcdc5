// The dashboard's router and header, loaded last: every page's function is defined by then.
"use strict";

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

render();

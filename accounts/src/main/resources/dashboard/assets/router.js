// Moving between the dashboard's pages and the chrome around them: the address names the page,
// links with data-link move without reloading, back and forward draw again, and the header (menu,
// business name, sign-out) shows only to a signed-in merchant. The entry (app.js) gives the pages.

import { api, ApiError, Superseded, whenSignedOut } from "./api.js";
import { h, main, page, problem } from "./dom.js";
import { state } from "./state.js";

/** The pages, each [pattern of the path, draw]: open ones need no session; the first match wins. */
let pages = { open: [], signedIn: [] };

/** Moves to path (replace: without a new entry in the history) and draws its page. */
export function go(path, replace) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  render();
}

/** Draws the page the address names, now and after every move; draw gets the pattern's groups. */
export function start(routes) {
  pages = routes;
  render();
}

async function render() {
  state.page += 1;
  state.cleanup.splice(0).forEach((stop) => stop());
  const path = location.pathname;
  const open = pages.open.find(([pattern]) => pattern.test(path));
  if (open) {
    showChrome(false);
    return open[1]();
  }
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
  const route = pages.signedIn.find(([pattern]) => pattern.test(path));
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

whenSignedOut(() => go("/dashboard/signin", true));

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  document.getElementById("nav").classList.remove("open");
  go(link.getAttribute("href"));
});
window.addEventListener("popstate", () => render());

// Scrolling to a field (focus, a form's "fill this in") stops below the sticky header, whose height
// changes with the menu and a message: without this the field asked for hides under it on a phone.
new ResizeObserver(([entry]) => {
  document.documentElement.style.scrollPaddingTop = `${entry.target.offsetHeight + 8}px`;
}).observe(document.querySelector("header"));

document.getElementById("menu").addEventListener("click", (event) => {
  const open = document.getElementById("nav").classList.toggle("open");
  event.currentTarget.setAttribute("aria-expanded", String(open));
});

document.getElementById("signout").addEventListener("click", async () => {
  try { await api("POST", "/api/v1/auth/signout"); } catch (e) { /* the session is gone either way */ }
  state.me = null;
  go("/dashboard/signin");
});

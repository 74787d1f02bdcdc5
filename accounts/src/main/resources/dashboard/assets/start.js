// The first-run checklist.
"use strict";

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

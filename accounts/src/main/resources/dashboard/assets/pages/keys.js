// The API keys: make one with its scopes (the secret shown once), list them, revoke one.

import { api } from "../api.js";
import { badge, h, main, page, secretBox, submitting, toast, when } from "../dom.js";

export async function keys() {
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

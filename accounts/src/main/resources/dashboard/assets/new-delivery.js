// Creating deliveries: one from a form, many from a CSV file.
"use strict";

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

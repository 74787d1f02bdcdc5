// The console's riders page: the roster with shift, load and position; create a rider, change
// its capacity and side of the sandbox line, and enrol its phone (a link and QR code carrying a
// new token, shown once).
"use strict";

/** The enrolment of a rider: a new token as a link and its QR code, shown once. */
function enrolmentCard(enrolment, name) {
  return h("div", { class: "card qr-box", "data-testid": "enrolment" },
    h("h2", {}, `Enrol ${name}'s phone`),
    h("p", { class: "muted" }, "Scan with the rider's phone camera, or send the link. It is shown only now; the rider's old link stopped working."),
    qrCanvas(enrolment.qr),
    h("div", { class: "secret" }, h("code", { "data-testid": "enrolment-link" }, enrolment.link), copyButton(enrolment.link)));
}

function riderRow(rider, refresh, showEnrolment) {
  const capacity = h("input", { type: "number", min: 1, max: 20, value: rider.maxActive, name: "maxActive",
    "aria-label": `Most deliveries ${rider.name} holds at once`, style: "width:4.5rem" });
  const change = async (body, what) => {
    try {
      await api("PUT", `/api/v1/admin/riders/${rider.id}`, body);
      toast(`${rider.name}: ${what}`);
      await refresh();
    } catch (error) {
      if (error instanceof ApiError) toast(error.status === 403 ? "Your role may not change riders" : error.message);
      else throw error;
    }
  };
  const position = rider.position ? `${rider.position.lat.toFixed(5)}, ${rider.position.lng.toFixed(5)} · ${ago(rider.position.recordedAt)}` : "none yet";
  const editable = may("riders");
  return h("tr", { "data-id": rider.id },
    h("td", {}, h("strong", {}, rider.name), h("div", { class: "muted" }, rider.phone)),
    h("td", {}, badge(rider.shift?.status || "OFF")),
    h("td", {}, `${rider.activeDispatchIds.length}/${rider.maxActive}`),
    h("td", { class: "hide-narrow" }, position),
    h("td", {}, editable
      ? h("div", { class: "inline" }, capacity,
        h("button", { type: "button", class: "small secondary", "data-testid": "save-capacity",
          onclick: () => change({ maxActive: Number(capacity.value) }, `holds up to ${capacity.value}`) }, "Save"))
      : String(rider.maxActive)),
    h("td", {}, editable
      ? h("label", { class: "check" }, h("input", { type: "checkbox", checked: rider.sandbox, "data-testid": "sandbox",
        onchange: (event) => change({ sandbox: event.target.checked }, event.target.checked ? "sandbox rider" : "real rider") }), "sandbox")
      : (rider.sandbox ? "sandbox" : "real")),
    h("td", {}, editable ? h("button", { type: "button", class: "small", "data-testid": "enrol", onclick: async (event) => {
      event.target.disabled = true;
      try {
        const enrolment = (await api("POST", `/api/v1/admin/riders/${rider.id}/enrolment`)).data;
        showEnrolment(enrolmentCard(enrolment, rider.name));
      } catch (error) {
        if (error instanceof ApiError) showEnrolment(problem(error));
        else throw error;
      } finally { event.target.disabled = false; }
    } }, "Enrol phone") : null));
}

async function ridersPage() {
  const list = h("div", { "data-testid": "riders" }, h("p", { class: "muted" }, "Loading…"));
  const enrolled = h("div", { "data-testid": "enrolment-area" });
  const showEnrolment = (card) => { enrolled.replaceChildren(card); card.scrollIntoView({ block: "nearest" }); };
  const refresh = async () => section(list, async () => {
    const riders = (await api("GET", "/api/v1/admin/riders")).data;
    if (!riders.length) return list.replaceChildren(empty("No rider yet: create the first one above."));
    list.replaceChildren(table("riders-table", ["Rider", "Shift", "Load", "Position", "Max active", "Side", ""],
      riders.map((rider) => riderRow(rider, refresh, showEnrolment))));
  });
  const create = may("riders") ? submitting(h("form", { class: "inline", "data-testid": "new-rider" },
    field("Name", h("input", { name: "name", required: true, maxlength: 200 })),
    field("Phone", h("input", { name: "phone", required: true, type: "tel", placeholder: "+254 7…" })),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "sandbox" }), "sandbox"),
    h("button", { type: "submit" }, "Create rider")), async (data) => {
    const rider = (await api("POST", "/api/v1/admin/riders",
      { name: data.get("name"), phone: data.get("phone"), sandbox: data.get("sandbox") === "on" })).data;
    toast(`Created ${rider.name}; enrol the phone to hand over the token`);
    await refresh();
    const enrolment = (await api("POST", `/api/v1/admin/riders/${rider.id}/enrolment`)).data;
    showEnrolment(enrolmentCard(enrolment, rider.name));
  }) : null;
  page("Riders", create ? h("div", { class: "card" }, h("h2", {}, "New rider"), create) : null, enrolled, list);
  await refresh();
}

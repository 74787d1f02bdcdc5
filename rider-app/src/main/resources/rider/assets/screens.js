// Drawing the offers and the route. Every value is written as text (textContent), never as HTML.

/** An element with its class, text and attributes; children appended. */
export function el(tag, { cls, text, attrs } = {}, ...children) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

function button(text, testid, onClick, cls) {
  const b = el("button", { cls, text, attrs: { type: "button", "data-testid": testid } });
  b.addEventListener("click", onClick);
  return b;
}

const km = (meters) => (meters === null || meters === undefined ? null : `${(meters / 1000).toFixed(1)} km`);
const money = (cents) => (cents === null || cents === undefined ? null : (cents / 100).toFixed(2));
const time = (iso) => (iso ? new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : null);

/**
 * A stop's planned time. A pickup still to make says when to be there: the planner times it for when the food is
 * ready (or as soon as the rider can be there), and counts on the rider arriving then rather than waiting at the
 * kitchen, so the rider stays free for a better route until it is time to set off (ADR 0062).
 */
function plannedTime(stop, pickupToMake) {
  const text = pickupToMake ? `Be there at ${time(stop.plannedAt)}, not before: set off in time` : `Planned ${time(stop.plannedAt)}`;
  return el("div", { cls: "muted small", text, attrs: { "data-testid": "planned" } });
}

/** "m:ss left" until the instant, "Expired" once past. */
export function countdown(expiresAt, now = Date.now()) {
  const left = Math.ceil((new Date(expiresAt).getTime() - now) / 1000);
  if (left <= 0) return "Expired";
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
}

/** The offers, each with its countdown (kept live by tick()) and its answers. */
export function drawOffers(list, offers, { accept, decline }) {
  list.replaceChildren(
    ...offers.map((offer) => {
      const facts = [
        km(offer.tripMeters) && `trip ${km(offer.tripMeters)}`,
        km(offer.distanceToPickupMeters) && `${km(offer.distanceToPickupMeters)} to pickup`,
        money(offer.feeCents) && `fee ${money(offer.feeCents)}`,
        offer.paymentType === "COD" ? `collect ${money(offer.amountCents)}` : "prepaid",
      ].filter(Boolean);
      const clock = offer.expiresAt
        ? el("span", { cls: "countdown", text: countdown(offer.expiresAt), attrs: { "data-testid": "countdown", "data-expires": offer.expiresAt } })
        : el("span", { cls: "muted small", text: "Open to every rider" });
      return el(
        "li",
        { cls: "card", attrs: { "data-testid": "offer", "data-dispatch": offer.dispatchId } },
        el("div", { cls: "row" }, el("strong", { text: `Pick up at ${offer.pickup?.address ?? "?"}` }), clock),
        el("div", { cls: "muted small", text: facts.join(" · ") }),
        el(
          "div",
          { cls: "row buttons" },
          offer.offerId ? button("Decline", "decline", () => decline(offer), "secondary") : null,
          button(offer.offerId ? "Accept" : "Take it", "accept", () => accept(offer)),
        ),
      );
    }),
  );
}

/** Keeps every countdown on the page current. */
export function tick(root) {
  for (const clock of root.querySelectorAll("[data-expires]")) {
    const text = countdown(clock.dataset.expires);
    clock.textContent = text;
    clock.classList.toggle("expired", text === "Expired");
    if (text === "Expired") clock.closest("li")?.querySelectorAll("button").forEach((b) => (b.disabled = true));
  }
}

function navigation(stop) {
  if (stop.lat === null || stop.lat === undefined || stop.lng === null || stop.lng === undefined) return null;
  const url = new URL("https://www.google.com/maps/dir/");
  url.searchParams.set("api", "1");
  url.searchParams.set("destination", `${stop.lat},${stop.lng}`);
  return el("a", { cls: "nav", text: "Navigate ↗", attrs: { href: url.href, target: "_blank", rel: "noopener", "data-testid": "navigate" } });
}

/**
 * The stops in order. Each delivery's next step has its buttons on its stop: pickup on the PICKUP,
 * then depart, deliver and fail on the DROPOFF, as its status (statusOf) allows.
 */
export function drawRoute(list, stops, { statusOf, held, waiting, step }) {
  list.replaceChildren(
    ...stops.map((stop, index) => {
      const status = statusOf(stop.dispatchId);
      const delivery = held(stop.dispatchId);
      const pickup = stop.kind === "PICKUP";
      const buttons = el("div", { cls: "row buttons" });
      const queued = waiting(stop.dispatchId);
      if (pickup && status === "ASSIGNED") {
        buttons.append(button("Picked up", "step-pickup", () => step("pickup", stop)));
      } else if (!pickup && status === "PICKED_UP") {
        buttons.append(button("Can't deliver", "step-fail", () => step("fail", stop), "danger"));
        buttons.append(button("Depart", "step-depart", () => step("depart", stop)));
      } else if (!pickup && status === "IN_TRANSIT") {
        buttons.append(button("Can't deliver", "step-fail", () => step("fail", stop), "danger"));
        buttons.append(button("Delivered…", "step-deliver", () => step("deliver", stop)));
      }
      const customer = !pickup && delivery ? [delivery.customerName, delivery.customerPhone].filter(Boolean).join(" · ") : "";
      return el(
        "li",
        { cls: `card stop ${stop.kind}`, attrs: { "data-testid": "stop", "data-kind": stop.kind, "data-dispatch": stop.dispatchId } },
        el(
          "div",
          { cls: "row" },
          el("span", { cls: `badge ${stop.kind}`, text: `${index + 1}. ${pickup ? "Pick up" : "Drop off"}` }),
          el("span", { cls: `badge ${status || ""}`, text: status || "", attrs: { "data-testid": "status" } }),
        ),
        el("strong", { cls: "address", text: stop.address }),
        customer ? el("div", { cls: "small", text: customer }) : null,
        stop.plannedAt ? plannedTime(stop, pickup && status === "ASSIGNED") : null,
        queued ? el("div", { cls: "queued small", text: `Waiting to send: ${queued}`, attrs: { "data-testid": "queued" } }) : null,
        navigation(stop),
        buttons.childElementCount ? buttons : null,
      );
    }),
  );
}

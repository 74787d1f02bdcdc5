// What changes on a delivery's page while it is open: the line saying how far dispatching got
// while it is NEW, and the status and the rider's position from the public tracking stream.

import { api, Superseded } from "../api.js";
import { badge, h, when } from "../dom.js";
import { state } from "../state.js";

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
export function waitingFor(path, box) {
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

const ENDED = ["DELIVERED", "FAILED", "CANCELLED"];

/**
 * The rider's position and the status, live from the public tracking stream of the delivery;
 * after each change of status the history and the webhooks are read again (and once more a few
 * seconds after the end, when its last webhooks have been answered).
 */
export function live(d, statusElement, mapBox, refresh) {
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

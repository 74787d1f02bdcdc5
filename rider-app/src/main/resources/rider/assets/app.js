// The rider app (docs/rider-app.md): enrolment from the link, shift and position, offers with a
// countdown, the route and its steps. Steps are queued (outbox.js) and sent in order, at once
// when the server is reachable, else when the connection is back.
import { call, enrolFromAddress, forget, Refused, token, unreachable } from "./api.js";
import * as outbox from "./outbox.js";
import { drawOffers, drawRoute, tick } from "./screens.js";
import { openDeliver, openFail, setUpForms } from "./forms.js";

/** One position report per 10 s at most: 6 of the rider's 120 requests a minute (docs/rider-app.md). */
const LOCATION_EVERY_MS = 10_000;
const POLL_EVERY_MS = 5_000;
const ME = "dispatch.rider.me";
const HELD = "dispatch.rider.held";
const STATUS_AFTER = { accept: "ASSIGNED", pickup: "PICKED_UP", depart: "IN_TRANSIT", deliver: "DELIVERED", fail: "FAILED" };
const LABEL = { accept: "accept", pickup: "picked up", depart: "depart", deliver: "delivered", fail: "failure" };

const $ = (id) => document.getElementById(id);
const state = {
  me: JSON.parse(localStorage.getItem(ME) || "null"),
  held: JSON.parse(localStorage.getItem(HELD) || "{}"),
  offers: [],
  stops: [],
  routeCached: false,
  pending: [],
  reachable: true,
  fix: null,
  sentFix: null,
  sentAt: 0,
  watch: null,
  polls: 0,
  ended: new Set(),
};

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 6000);
}

function online() {
  return navigator.onLine && state.reachable;
}

function keep() {
  localStorage.setItem(ME, JSON.stringify(state.me));
  localStorage.setItem(HELD, JSON.stringify(state.held));
}

/** The delivery's status as this phone knows it: the last answer, then the steps still waiting. */
function statusOf(dispatchId) {
  let status = state.held[dispatchId]?.status;
  if (state.stops.some((s) => s.dispatchId === dispatchId && s.kind === "PICKUP")) status = status || "ASSIGNED";
  for (const action of state.pending) if (action.dispatchId === dispatchId) status = STATUS_AFTER[action.step];
  return status || "PICKED_UP";
}

/** The stops still ahead once the waiting steps are counted: a queued pickup or hand-over removes its stop. */
function stopsAhead() {
  const done = (stop) =>
    state.pending.some(
      (a) => a.dispatchId === stop.dispatchId && (a.step === "deliver" || a.step === "fail" || (a.step === "pickup" && stop.kind === "PICKUP")),
    );
  return state.stops.filter((stop) => !done(stop));
}

function render() {
  const enrolled = Boolean(token());
  $("enrol").hidden = enrolled;
  for (const id of ["shift-card", "offers-card", "route-card"]) $(id).hidden = !enrolled;
  if (!enrolled) return;
  $("who").textContent = state.me ? state.me.name : "";
  const on = Boolean(state.me?.onShift);
  $("shift-state").textContent = on ? "On shift" : "Off shift";
  $("shift").textContent = on ? "Go off shift" : "Go on shift";
  $("shift").classList.toggle("secondary", on);
  const waiting = state.pending.length;
  $("conn").textContent = (online() ? "Online" : "Offline") + (waiting ? ` · ${waiting} waiting` : "");
  $("conn").className = `pill ${online() ? "up" : "down"}`;

  const accepting = new Set(state.pending.filter((a) => a.step === "accept").map((a) => a.dispatchId));
  const offers = state.offers.filter((o) => !accepting.has(o.dispatchId));
  $("offers-empty").hidden = offers.length > 0;
  $("offers-empty").textContent = on ? "No offers right now." : "Go on shift to get offers.";
  drawOffers($("offers"), offers, { accept, decline });

  const stops = stopsAhead();
  $("route-empty").hidden = stops.length > 0;
  $("route-empty").textContent = accepting.size
    ? "Accepted; the route comes once this is sent."
    : waiting
      ? "Done here; the steps are sent as soon as the phone is online."
      : "Nothing to carry.";
  drawRoute($("route"), stops, {
    statusOf,
    held: (id) => state.held[id],
    waiting: (id) => state.pending.filter((a) => a.dispatchId === id).map((a) => LABEL[a.step]).join(", "),
    step,
  });
  $("route-age").textContent = state.routeCached ? "Saved route: this phone is offline." : "";
}

// ---------------------------------------------------------------------------------------------- steps

async function queue(action) {
  await outbox.add(action);
  state.pending = await outbox.pending();
  render();
  send();
}

function accept(offer) {
  const path = offer.offerId
    ? `/api/v1/rider/offers/${offer.offerId}/accept`
    : `/api/v1/rider/dispatches/${offer.dispatchId}/accept`;
  return queue({ step: "accept", dispatchId: offer.dispatchId, path });
}

async function decline(offer) {
  try {
    await call("POST", `/api/v1/rider/offers/${offer.offerId}/decline`, { body: {} });
    state.offers = state.offers.filter((o) => o !== offer);
    render();
  } catch (error) {
    toast(unreachable(error) ? "No connection: declining needs one (the offer simply expires otherwise)" : error.message);
  }
}

function step(name, stop) {
  if (name === "deliver") return openDeliver(stop);
  if (name === "fail") return openFail(stop);
  return queue({ step: name, dispatchId: stop.dispatchId, path: `/api/v1/rider/dispatches/${stop.dispatchId}/${name}` });
}

/** Sends what waits, in order; refreshes the route once something went through. */
async function send() {
  if (!navigator.onLine) return;
  let progressed = false;
  const reached = await outbox.flush({
    onDone(action, answer) {
      progressed = true;
      if (answer && answer.status) state.held[action.dispatchId] = answer;
      if (action.step === "deliver" || action.step === "fail") {
        delete state.held[action.dispatchId];
        state.ended.add(action.dispatchId);
      }
      keep();
    },
    onRefused(action, error) {
      progressed = true;
      if (error.details?.currentStatus) {
        state.held[action.dispatchId] = { ...state.held[action.dispatchId], status: error.details.currentStatus };
        keep();
      }
      toast(`"${LABEL[action.step]}" was refused: ${error.message}`);
    },
  });
  state.reachable = reached;
  state.pending = await outbox.pending();
  render();
  if (progressed) refresh();
}

// ---------------------------------------------------------------------------------------------- reads

async function loadMe() {
  try {
    state.me = await call("GET", "/api/v1/rider/me");
    keep();
  } catch (error) {
    if (error instanceof Refused && error.status === 401) {
      forget();
      toast("This phone's enrolment is no longer valid: ask the dispatcher for a new link");
    }
  }
}

/**
 * Tells the rider when a delivery not yet collected leaves the route without a step of this phone's: the dispatcher
 * (or the planner, ADR 0061) gave it to another rider, or the merchant cancelled it.
 */
function noticeLeft(before, after) {
  const still = new Set(after.map((stop) => stop.dispatchId));
  const ours = (id) => state.pending.some((action) => action.dispatchId === id) || state.ended.has(id);
  const left = before.filter((stop) => stop.kind === "PICKUP" && !still.has(stop.dispatchId) && !ours(stop.dispatchId));
  if (left.length === 0) return;
  for (const stop of left) delete state.held[stop.dispatchId];
  keep();
  toast(
    left.length === 1
      ? "A delivery you had not collected left your route: another rider has it now, or it was cancelled"
      : `${left.length} deliveries you had not collected left your route: other riders have them now, or they were cancelled`,
  );
}

async function refresh() {
  if (!token()) return render();
  try {
    const answer = await call("GET", "/api/v1/rider/route", { meta: true });
    if (!answer.cached && !state.routeCached) noticeLeft(state.stops, answer.data.stops);
    state.stops = answer.data.stops;
    state.routeCached = answer.cached;
    if (state.me?.onShift && !answer.cached) state.offers = await call("GET", "/api/v1/rider/offers");
    state.reachable = !answer.cached;
  } catch (error) {
    if (unreachable(error)) state.reachable = false;
    else if (error instanceof Refused && error.status === 401) await loadMe();
  }
  render();
}

// ---------------------------------------------------------------------------------------------- shift and position

async function setShift(on) {
  $("shift").disabled = true;
  try {
    const answer = await call("POST", "/api/v1/rider/shift", { body: { status: on ? "ON" : "OFF" } });
    state.me = { ...state.me, onShift: answer.status === "ON" };
    keep();
    follow();
    refresh();
  } catch (error) {
    toast(unreachable(error) ? "No connection: the shift changes once you are online" : error.message);
  } finally {
    $("shift").disabled = false;
    render();
  }
}

/** Watches the position while on shift; reports the newest fix at most every LOCATION_EVERY_MS. */
function follow() {
  const on = Boolean(state.me?.onShift);
  if (on && state.watch === null && "geolocation" in navigator) {
    state.watch = navigator.geolocation.watchPosition(
      (position) => {
        state.fix = { lat: position.coords.latitude, lng: position.coords.longitude, timestamp: new Date(position.timestamp).toISOString() };
        report();
      },
      (problem) => ($("position").textContent = `No position: ${problem.message || "permission denied"}`),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
  } else if (!on && state.watch !== null) {
    navigator.geolocation.clearWatch(state.watch);
    state.watch = null;
    $("position").textContent = "Position not shared while off shift";
  }
}

async function report() {
  const fix = state.fix;
  if (!fix || fix === state.sentFix || !state.me?.onShift) return;
  if (!navigator.onLine) {
    $("position").textContent = "Position found; shared once the phone is online";
    return;
  }
  if (Date.now() - state.sentAt < LOCATION_EVERY_MS) return;
  state.sentAt = Date.now();
  try {
    await call("POST", "/api/v1/rider/location", { body: fix });
    state.sentFix = fix;
    $("position").textContent = `Position shared at ${new Date().toLocaleTimeString()}`;
  } catch (error) {
    $("position").textContent = unreachable(error) ? "Position not sent: no connection" : `Position refused: ${error.message}`;
  }
}

// ---------------------------------------------------------------------------------------------- start

async function start() {
  if (enrolFromAddress()) {
    // a new enrolment on this phone: nothing of the previous rider's is kept
    await outbox.clear();
    state.me = null;
    state.held = {};
    keep();
    if ("caches" in window) await caches.delete("rider-data-v1");
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/rider/sw.js", { scope: "/rider/" }).catch(() => {});
  }
  setUpForms({
    onDeliver: (stop, body, media) =>
      queue({ step: "deliver", dispatchId: stop.dispatchId, path: `/api/v1/rider/dispatches/${stop.dispatchId}/deliver`, body, media }),
    onFail: (stop, body) =>
      queue({ step: "fail", dispatchId: stop.dispatchId, path: `/api/v1/rider/dispatches/${stop.dispatchId}/fail`, body }),
  });
  $("shift").addEventListener("click", () => setShift(!state.me?.onShift));
  window.addEventListener("online", () => {
    state.reachable = true;
    send();
    loadMe().then(refresh);
    report();
  });
  window.addEventListener("offline", render);
  state.pending = await outbox.pending();
  render();
  if (!token()) return;
  await loadMe();
  follow();
  await refresh();
  send();
  setInterval(() => tick(document), 1000);
  setInterval(() => {
    state.polls += 1;
    if (state.pending.length) send();
    if (document.visibilityState === "visible") refresh();
    report();
  }, POLL_EVERY_MS);
}

start().catch((problem) => toast(`The app could not start: ${problem?.message || problem}`));

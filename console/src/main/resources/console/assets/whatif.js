// The stats page's "What if" (decisions.md section 17): a day of the log run through the simulator
// under the policies ticked, beside what actually happened. The comparison is a job of the server
// (POST /api/v1/admin/dispatch/whatif); the page follows it every 2 s until it is DONE or FAILED,
// then draws the table, the chart of click-to-door per hour and the notes. Every value is text.
"use strict";

/** How often a running job is read again: never faster than this. */
const WHAT_IF_POLL_MS = 2000;
/** One colour per row of the comparison, the recorded one first. */
const WHAT_IF_COLOURS = ["#1d2530", "#0f7b6c", "#175cd3", "#b54708", "#7a2e98", "#b42318"];
const WHAT_IF_OPEN = ["QUEUED", "RUNNING"];

function utcDay(offsetDays) {
  return new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);
}

/** Seconds as the table shows them: seconds up to 90, then minutes with one decimal. */
function span(value) {
  if (value === null || value === undefined) return "—";
  return value < 90 ? `${Math.round(value)} s` : `${(value / 60).toFixed(1)} min`;
}

function rowName(mode) {
  return mode === "recorded" ? "recorded (what happened)" : mode;
}

/** The section: the form, the job being followed, and the latest jobs of every operator. */
function whatIfSection() {
  const out = h("div", { "data-testid": "whatif-result" });
  const recent = h("div", { "data-testid": "whatif-recent" });
  const form = h("form", { class: "stack", "data-testid": "whatif-form" },
    h("div", { class: "inline" },
      field("Day (UTC)", h("input", { name: "day", type: "date", value: utcDay(-1), min: "2000-01-01", max: utcDay(0),
        required: true, "data-testid": "whatif-day" })),
      field("Zone (optional)", h("input", { name: "zoneId", maxlength: 100, placeholder: "every zone",
        "data-testid": "whatif-zone" }))),
    h("fieldset", { class: "modes", "data-testid": "whatif-modes" }, h("legend", {}, "Policies to run the day under"),
      MODES.map((m) => h("label", { class: "check" },
        h("input", { type: "checkbox", name: "modes", value: m, checked: m === "RANKED" || m === "BATCHED" }), m))),
    h("div", {}, h("button", { type: "submit", "data-testid": "compare" }, "Compare")));
  const follower = whatIfFollower(out, () => listRecent());
  const listRecent = () => section(recent, async () => {
    const jobs = (await api("GET", "/api/v1/admin/dispatch/whatif")).data;
    recent.replaceChildren(jobs.length ? table("whatif-jobs", ["Day", "Zone", "Policies", "Status", "Asked", ""],
      jobs.slice(0, 10).map((j) => h("tr", { "data-id": j.id },
        h("td", {}, j.day || when(j.from)), h("td", {}, j.zoneId || "every zone"), h("td", {}, j.modes.join(", ")),
        h("td", {}, badge(j.status)), h("td", {}, `${ago(j.createdAt)} by ${j.requestedBy === state.me?.operatorId ? "you" : short(j.requestedBy)}`),
        h("td", {}, h("button", { type: "button", class: "small secondary", onclick: () => follower.follow(j.id) }, "Show")))))
      : empty("No comparison yet.", "whatif-none"));
  });
  submitting(form, async (data) => {
    const body = { day: data.get("day"), modes: data.getAll("modes") };
    const zone = String(data.get("zoneId") || "").trim();
    if (zone) body.zoneId = zone;
    const job = (await api("POST", "/api/v1/admin/dispatch/whatif", body)).data;
    follower.follow(job.id, job);
    listRecent();
  });
  const shown = new URLSearchParams(location.search).get("whatif");
  if (shown) follower.follow(shown);
  listRecent();
  return h("section", { class: "card whatif", "data-testid": "whatif" },
    h("h2", {}, "What if"),
    h("p", { class: "muted" }, "Runs the orders of a day of the log through the simulator under each policy ticked, "
      + "beside what actually happened that day. Any role may ask: it changes nothing."),
    form, out, h("h2", {}, "Latest comparisons"), recent);
}

/**
 * Follows one job: reads it every WHAT_IF_POLL_MS while it is QUEUED or RUNNING, then draws it.
 * The job's id goes into the address (?whatif=), so a reload shows it again.
 */
function whatIfFollower(out, finished) {
  let timer = null;
  let followed = null;
  const stop = () => { clearTimeout(timer); timer = null; };
  state.cleanup.push(stop);
  const draw = (job) => {
    if (job.id !== followed) return;
    if (WHAT_IF_OPEN.includes(job.status)) {
      out.replaceChildren(h("div", { class: "card progress", "data-testid": "whatif-progress", "data-status": job.status },
        badge(job.status), " ", job.progress || "", h("div", { class: "muted" },
          `${job.day} · ${job.zoneId || "every zone"} · ${job.modes.join(", ")}`)));
      timer = setTimeout(read, WHAT_IF_POLL_MS);
      return;
    }
    if (job.status === "FAILED") {
      out.replaceChildren(h("div", { class: "card error", role: "alert", "data-testid": "whatif-error" },
        h("strong", {}, "The comparison failed"), h("p", {}, job.error || "no reason given")));
    } else {
      out.replaceChildren(whatIfResult(job));
    }
    finished();
  };
  const read = async () => {
    const id = followed;
    try {
      draw((await api("GET", `/api/v1/admin/dispatch/whatif/${encodeURIComponent(id)}`)).data);
    } catch (error) {
      if (error instanceof Superseded || id !== followed) return;
      if (error instanceof ApiError) out.replaceChildren(problem(error));
      else throw error;
    }
  };
  return {
    follow(id, job) {
      stop();
      followed = id;
      const params = new URLSearchParams(location.search);
      params.set("whatif", id);
      history.replaceState(null, "", `${location.pathname}?${params}`);
      if (job) draw(job);
      else read();
    },
  };
}

/** A DONE job: what was compared, the table, the travel model, the chart and the notes. */
function whatIfResult(job) {
  const result = job.result;
  const rows = result.rows || [];
  const figures = ["Orders", "Delivered", "Never assigned", "Click-to-door mean", "Click-to-door p50",
    "Click-to-door p90", "Time to assign p50", "Time to assign p90", "Late", "Orders per rider-hour", "Metres per order",
    "Offers made / declined / expired"];
  const tableRows = rows.map((row, i) => {
    const f = row.figures;
    return h("tr", { "data-mode": row.mode },
      h("td", {}, h("i", { class: "swatch", style: `background:${WHAT_IF_COLOURS[i % WHAT_IF_COLOURS.length]}` }),
        h("strong", {}, rowName(row.mode))),
      h("td", {}, f.orders), h("td", {}, f.delivered), h("td", {}, f.neverAssigned),
      h("td", {}, span(f.clickToDoorSeconds?.mean)), h("td", {}, span(f.clickToDoorSeconds?.p50)),
      h("td", {}, span(f.clickToDoorSeconds?.p90)), h("td", {}, span(f.timeToAssignSeconds?.p50)),
      h("td", {}, span(f.timeToAssignSeconds?.p90)), h("td", {}, share(f.lateShare)),
      h("td", {}, f.ordersPerRiderHour), h("td", {}, meters(Math.round(f.metersPerOrder))),
      h("td", {}, `${f.offers?.made ?? 0} / ${f.offers?.declined ?? 0} / ${f.offers?.expired ?? 0}`));
  });
  const travel = result.travel || {};
  const notes = result.notes || [];
  return h("div", { class: "whatif-done", "data-testid": "whatif-done" },
    h("p", { class: "muted" }, `${job.day} (UTC) · ${job.zoneId || "every zone"} · scenario ${result.scenario} · ${job.progress || ""}`),
    table("whatif-table", ["Policy", ...figures], tableRows),
    h("p", { class: "muted", "data-testid": "whatif-travel" },
      `Simulated travel: ${travel.model}; ${Number(travel.speedKmh).toFixed(1)} km/h, detour factor `
      + `${Number(travel.detourFactor).toFixed(2)}. `
      + "The recorded row is what the log holds for the day."),
    h("h2", {}, "Click-to-door per hour (mean)"),
    whatIfChart(rows),
    notes.length ? h("div", {}, h("h2", {}, "Notes"),
      h("ul", { "data-testid": "whatif-notes" }, notes.map((n) => h("li", {}, n)))) : null);
}

/**
 * Mean click-to-door per hour, one line per row of the comparison (recorded first), drawn with
 * createElementNS and every label as text. An hour without a delivered order leaves a gap.
 */
function whatIfChart(rows) {
  // a phone gets a narrower drawing, so that its labels stay readable once it is scaled to the screen
  const narrow = window.matchMedia("(max-width: 720px)").matches;
  const W = narrow ? 420 : 720, H = narrow ? 280 : 300, left = 52, right = 24, top = 12, bottom = 40;
  const hours = [...new Set(rows.flatMap((row) => (row.clickToDoorByHour || []).map((x) => x.hour)))].sort();
  const minutes = rows.flatMap((row) => (row.clickToDoorByHour || []).filter((x) => x.delivered > 0)
    .map((x) => x.meanClickToDoorSeconds / 60));
  const box = h("div", { class: "whatif-chart", "data-testid": "whatif-chart" });
  if (!hours.length || !minutes.length) {
    box.append(empty("No delivered order to draw.", "whatif-chart-empty"));
    return box;
  }
  const step = [5, 10, 15, 20, 30, 60, 120].find((s) => Math.max(...minutes) / s <= 6) || 240;
  const top_ = Math.max(step, Math.ceil(Math.max(...minutes) / step) * step);
  const x = (i) => left + (hours.length === 1 ? (W - left - right) / 2 : (i * (W - left - right)) / (hours.length - 1));
  const y = (m) => top + (H - top - bottom) * (1 - m / top_);
  const picture = svgElement("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img",
    "aria-label": "Mean click-to-door per hour, one line per policy" });
  const axis = { stroke: "#dde3ea", "stroke-width": 1 };
  const label = { "font-size": 11, fill: "#5f6b7a", "font-family": "system-ui, sans-serif" };
  for (let m = 0; m <= top_; m += step) {
    svgElement("line", { x1: left, x2: W - right, y1: y(m), y2: y(m), ...axis }, picture);
    svgElement("text", { x: left - 6, y: y(m) + 4, "text-anchor": "end", ...label }, picture).textContent = `${m} min`;
  }
  const every = Math.ceil(hours.length / (narrow ? 6 : 12));
  hours.forEach((hour, i) => {
    if (i % every) return;
    svgElement("text", { x: x(i), y: H - bottom + 16, "text-anchor": "middle", ...label }, picture).textContent =
      `${hour.slice(11, 13)}:00`;
  });
  svgElement("text", { x: W - right, y: H - 6, "text-anchor": "end", ...label }, picture).textContent = "hour placed (UTC)";
  rows.forEach((row, r) => {
    const colour = WHAT_IF_COLOURS[r % WHAT_IF_COLOURS.length];
    const byHour = new Map((row.clickToDoorByHour || []).map((x) => [x.hour, x]));
    const line = svgElement("g", { "data-mode": row.mode, "data-testid": "whatif-line" }, picture);
    let points = [];
    const flush = () => {
      if (points.length > 1) {
        svgElement("polyline", { points: points.join(" "), fill: "none", stroke: colour, "stroke-width": 2,
          "stroke-dasharray": row.mode === "recorded" ? "6 4" : "none" }, line);
      }
      points = [];
    };
    hours.forEach((hour, i) => {
      const at = byHour.get(hour);
      if (!at || at.delivered === 0) return flush();
      const px = x(i), py = y(at.meanClickToDoorSeconds / 60);
      points.push(`${px.toFixed(1)},${py.toFixed(1)}`);
      const dot = svgElement("circle", { cx: px.toFixed(1), cy: py.toFixed(1), r: 3, fill: colour }, line);
      svgElement("title", {}, dot).textContent =
        `${rowName(row.mode)}, ${hour.slice(11, 13)}:00 UTC: ${span(at.meanClickToDoorSeconds)} mean, `
        + `${span(at.p90ClickToDoorSeconds)} p90, ${at.delivered} of ${at.orders} delivered`;
    });
    flush();
  });
  box.append(picture, h("div", { class: "legend", "data-testid": "whatif-legend" },
    rows.map((row, i) => h("span", { "data-mode": row.mode },
      h("i", { style: `background:${WHAT_IF_COLOURS[i % WHAT_IF_COLOURS.length]}` }), rowName(row.mode)))));
  return box;
}

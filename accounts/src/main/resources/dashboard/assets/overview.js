// The overview: today's figures and the last 14 days.
"use strict";

const FINAL = [["delivered", "#0f7b6c"], ["failed", "#b42318"], ["cancelled", "#98a2b3"]];

async function overview() {
  let days;
  try {
    days = (await api("GET", "/api/v1/external/stats/daily?days=14")).data;
  } catch (error) {
    if (error.status === 404) days = null;
    else throw error;
  }
  if (!days) return page("Overview", h("p", { class: "muted" }, "Statistics are not available on this server."));
  const total = (key) => days.reduce((sum, day) => sum + (day[key] || 0), 0);
  const onTime = total("onTime");
  const late = total("late");
  const share = onTime + late ? Math.round((100 * onTime) / (onTime + late)) : null;
  const kpis = h("div", { class: "grid" },
    h("div", { class: "card" }, h("div", { class: "muted" }, "Created, 14 days"), h("div", { class: "kpi", "data-testid": "kpi-created" }, total("created"))),
    h("div", { class: "card" }, h("div", { class: "muted" }, "Delivered"), h("div", { class: "kpi" }, total("delivered"))),
    h("div", { class: "card" }, h("div", { class: "muted" }, "Failed or cancelled"), h("div", { class: "kpi" }, total("failed") + total("cancelled"))),
    h("div", { class: "card" }, h("div", { class: "muted" }, "On time (against the zone's target)"),
      h("div", { class: "kpi", "data-testid": "kpi-ontime" }, share === null ? "—" : `${share} %`)));
  const table = h("div", { class: "table-wrap" }, h("table", { "data-testid": "daily" },
    h("thead", {}, h("tr", {}, ["Day", "Created", "Delivered", "Failed", "Cancelled", "On time", "Late", "On-time share"].map((t) => h("th", {}, t)))),
    h("tbody", {}, days.map((day) => h("tr", {},
      h("td", {}, day.date), h("td", {}, day.created), h("td", {}, day.delivered), h("td", {}, day.failed),
      h("td", {}, day.cancelled), h("td", {}, day.onTime), h("td", {}, day.late),
      h("td", {}, day.onTimeShare === null || day.onTimeShare === undefined ? "—" : `${Math.round(day.onTimeShare * 100)} %`))))));
  page("Overview", kpis,
    h("div", { class: "card chart" }, h("h2", {}, "Deliveries per day by final status"), barChart(days),
      h("div", { class: "legend" }, FINAL.map(([key, color]) => h("span", {}, h("i", { style: `background:${color}` }), key)))),
    h("div", { class: "card chart" }, h("h2", {}, "On-time share per day"), shareChart(days)),
    table);
}

function barChart(days) {
  const width = 700, height = 220, pad = 28;
  const max = Math.max(1, ...days.map((d) => FINAL.reduce((s, [k]) => s + (d[k] || 0), 0)));
  const step = (width - pad * 2) / days.length;
  const bars = [];
  days.forEach((day, i) => {
    let y = height - pad;
    for (const [key, color] of FINAL) {
      const value = day[key] || 0;
      const barHeight = ((height - pad * 2) * value) / max;
      y -= barHeight;
      if (value) bars.push(svg("rect", { x: pad + i * step + 3, y, width: step - 6, height: barHeight, fill: color },
        svg("title", {}, `${day.date}: ${value} ${key}`)));
    }
    const sum = FINAL.reduce((s, [k]) => s + (day[k] || 0), 0);
    if (sum) bars.push(svg("text", { x: pad + i * step + step / 2, y: y - 4, "text-anchor": "middle", "font-size": 11, fill: "#5f6b7a" }, sum));
    bars.push(svg("text", { x: pad + i * step + step / 2, y: height - 8, "text-anchor": "middle", "font-size": 10, fill: "#5f6b7a" }, day.date.slice(5)));
  });
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Deliveries per day by final status" },
    svg("line", { x1: pad, x2: width - pad, y1: height - pad, y2: height - pad, stroke: "#dde3ea" }), bars);
}

function shareChart(days) {
  const width = 700, height = 160, pad = 28;
  const step = (width - pad * 2) / days.length;
  const points = days.map((day, i) => day.onTimeShare === null || day.onTimeShare === undefined ? null
    : [pad + i * step + step / 2, height - pad - (height - pad * 2) * day.onTimeShare, day]);
  const drawn = points.filter(Boolean);
  const path = drawn.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "On-time share per day" },
    [0, 0.5, 1].map((v) => [
      svg("line", { x1: pad, x2: width - pad, y1: height - pad - (height - pad * 2) * v, y2: height - pad - (height - pad * 2) * v, stroke: "#eef2f6" }),
      svg("text", { x: 2, y: height - pad - (height - pad * 2) * v + 4, "font-size": 10, fill: "#5f6b7a" }, `${v * 100}%`)]),
    drawn.length ? svg("path", { d: path, fill: "none", stroke: "#0f7b6c", "stroke-width": 2 }) : null,
    drawn.map(([x, y, day]) => svg("circle", { cx: x, cy: y, r: 3.5, fill: day.onTimeShare < 0.8 ? "#b42318" : "#0f7b6c" },
      svg("title", {}, `${day.date}: ${Math.round(day.onTimeShare * 100)} % on time`))),
    drawn.length ? null : svg("text", { x: width / 2, y: height / 2, "text-anchor": "middle", fill: "#5f6b7a" }, "No delivered parcels yet"));
}

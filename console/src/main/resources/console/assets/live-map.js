// The live map of the console: many riders and deliveries, on Leaflet tiles from the configured
// tile server, or (no tile URL, no Leaflet, or no tile loaded within 4 s, as offline and in the
// tests) an SVG drawing on a plain background. Every marker carries data-id, data-lat and
// data-lng, so its place can be read in either mode.
"use strict";

const MAP_COLOURS = { ON: "#0f7b6c", OFF: "#98a2b3", NEW: "#b54708", ASSIGNED: "#175cd3",
  PICKED_UP: "#7a2e98", IN_TRANSIT: "#7a2e98" };
const SVG_NS = "http://www.w3.org/2000/svg";
/** Half the side of the window around a rider zoomed to, in degrees (about 3 km). */
const ZOOM_SPAN = 0.03;

function svgElement(name, attributes, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** Where a delivery shows: its pickup until the parcel is collected, then its drop-off. */
function deliveryPoint(delivery) {
  const collected = delivery.status === "PICKED_UP" || delivery.status === "IN_TRANSIT";
  return (collected ? delivery.dropoff : delivery.pickup) || delivery.pickup || delivery.dropoff || null;
}

function markerLabel(kind, item) {
  if (kind === "rider") return `${item.name} · ${item.shift} · ${item.active}/${item.maxActive}`;
  return `Delivery ${short(item.dispatchId)} · ${item.status}`;
}

/** The drawing: every marker on an equirectangular picture fitted to what it shows. */
function DrawnMap(element) {
  const picture = svgElement("svg", { width: "100%", height: "100%", role: "img", "aria-label": "Map of riders and deliveries",
    class: "live-drawing" });
  svgElement("rect", { width: "100%", height: "100%", fill: "#eef3f1" }, picture);
  const layer = svgElement("g", {}, picture);
  element.appendChild(picture);
  this.render = (items, anchor) => {
    const W = element.clientWidth || 320, H = element.clientHeight || 240, M = 24;
    picture.setAttribute("viewBox", `0 0 ${W} ${H}`);
    // zoomed to a rider: the window around its anchor, else everything
    const points = anchor
      ? [{ lat: anchor.lat - ZOOM_SPAN, lng: anchor.lng - ZOOM_SPAN }, { lat: anchor.lat + ZOOM_SPAN, lng: anchor.lng + ZOOM_SPAN }]
      : items.map((item) => item.point);
    const lats = points.map((p) => p.lat), lngs = points.map((p) => p.lng);
    const minLat = Math.min(...lats), maxLat = Math.max(...lats), minLng = Math.min(...lngs), maxLng = Math.max(...lngs);
    const midLat = points.length ? (minLat + maxLat) / 2 : 0, midLng = points.length ? (minLng + maxLng) / 2 : 0;
    const shrink = Math.max(Math.cos((midLat * Math.PI) / 180), 0.1);
    const scale = Math.min((W - 2 * M) / Math.max((maxLng - minLng) * shrink, 0.004), (H - 2 * M) / Math.max(maxLat - minLat, 0.004));
    layer.replaceChildren();
    for (const item of items) {
      const x = Math.round((W / 2 + (item.point.lng - midLng) * shrink * scale) * 10) / 10;
      const y = Math.round((H / 2 - (item.point.lat - midLat) * scale) * 10) / 10;
      const group = svgElement("g", { class: `marker ${item.kind}`, transform: `translate(${x} ${y})`,
        "data-id": item.id, "data-lat": item.point.lat, "data-lng": item.point.lng, "data-testid": `${item.kind}-marker` }, layer);
      if (item.kind === "rider") {
        svgElement("circle", { r: 8, fill: item.colour, stroke: "#fff", "stroke-width": 2 }, group);
        // the rider's name beside the mark, as text
        svgElement("text", { x: 11, y: 4, "font-size": 11, fill: "#1d2530", "font-family": "system-ui, sans-serif",
          stroke: "#eef3f1", "stroke-width": 3, "paint-order": "stroke" }, group).textContent = item.name;
      }
      else svgElement("rect", { x: -5, y: -5, width: 10, height: 10, fill: item.colour, stroke: "#fff", "stroke-width": 1.5 }, group);
      svgElement("title", {}, group).textContent = item.label;
    }
  };
  this.remove = () => element.removeChild(picture);
}

/** Leaflet on the tile server; giveUp() when no tile loads. */
function TiledMap(element, settings, giveUp) {
  // a view before the first marker: Leaflet draws nothing on a map without one (Nairobi until the fit)
  const map = L.map(element, { scrollWheelZoom: false, zoomSnap: 0.5 }).setView([-1.286, 36.817], 11);
  const layer = L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  let loaded = false, fitted = false;
  const timer = setTimeout(() => { if (!loaded) giveUp(); }, 4000);
  layer.on("tileload", () => { loaded = true; clearTimeout(timer); element.dataset.tiles = "loaded"; });
  let anchored = null;
  this.render = (items, anchor) => {
    markers.clearLayers();
    if (anchor && anchor !== anchored) map.setView([anchor.lat, anchor.lng], 14);
    if (!anchor && anchored) fitted = false;
    anchored = anchor;
    for (const item of items) {
      const marker = L.circleMarker([item.point.lat, item.point.lng], { radius: item.kind === "rider" ? 8 : 6,
        color: "#fff", weight: 2, fillOpacity: 1, fillColor: item.colour }).bindTooltip(item.label).addTo(markers);
      const path = marker.getElement && marker.getElement();
      if (path) Object.assign(path.dataset, { id: item.id, lat: item.point.lat, lng: item.point.lng, testid: `${item.kind}-marker` });
    }
    if (!fitted && items.length) {
      fitted = true;
      map.fitBounds(L.latLngBounds(items.map((i) => [i.point.lat, i.point.lng])), { padding: [30, 30], maxZoom: 15 });
    }
  };
  this.remove = () => { clearTimeout(timer); map.remove(); element.className = element.className.replace(/leaflet-\S+/g, ""); };
}

/** A live map in `element`: set riders and deliveries, it redraws (at most once a frame). */
function createLiveMap(element) {
  const settings = document.getElementById("map-settings").dataset;
  const riders = new Map(), deliveries = new Map();
  let view, drawing = false;
  const items = () => [
    ...[...deliveries.values()].map((d) => ({ kind: "delivery", id: d.dispatchId, point: deliveryPoint(d),
      colour: MAP_COLOURS[d.status] || "#475467", label: markerLabel("delivery", d) })),
    ...[...riders.values()].map((r) => ({ kind: "rider", id: r.riderId, name: r.name, point: r.lat === null || r.lat === undefined ? null : { lat: r.lat, lng: r.lng },
      colour: MAP_COLOURS[r.shift] || "#475467", label: markerLabel("rider", r) })),
  ].filter((item) => item.point);
  // zoomed to a rider: the window around where it was when asked, so that its moves show on the map
  let zoomId = null, anchor = null;
  const redraw = () => {
    element.dataset.mapMode = drawing ? "drawing" : "tiles";
    element.dataset.zoomedTo = zoomId || "";
    view.render(items(), anchor);
  };
  const use = (draw) => {
    drawing = draw;
    view = draw ? new DrawnMap(element) : new TiledMap(element, settings, () => { view.remove(); use(true); });
    redraw();
  };
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; redraw(); });
  };
  use(!(settings.tileUrl && window.L));
  const resized = new ResizeObserver(() => schedule());
  resized.observe(element);
  return {
    riders, deliveries,
    changed: schedule,
    /** Shows the 6 km around the rider as it is now; null shows everything again. */
    zoomTo(riderId) {
      const rider = riderId && riders.get(riderId);
      zoomId = rider && rider.lat !== null && rider.lat !== undefined ? riderId : null;
      anchor = zoomId ? { lat: rider.lat, lng: rider.lng } : null;
      schedule();
    },
    get zoomedTo() { return zoomId; },
    remove() { resized.disconnect(); view.remove(); },
  };
}

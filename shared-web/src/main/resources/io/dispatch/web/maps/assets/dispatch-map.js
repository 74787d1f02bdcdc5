/*
 * The map of the customer's tracking page and of the dashboard, served by every service at
 * /assets/dispatch-map.js (io.dispatch.web.maps). A plain script, no build step, no CDN:
 *
 *   <link rel="stylesheet" href="/webjars/leaflet/dist/leaflet.css">
 *   <script src="/webjars/leaflet/dist/leaflet.js"></script>
 *   <script src="/assets/dispatch-map.js"></script>
 *   <div id="map" data-tile-url="..." data-attribution="..."></div>  (MapSettings.Tiles.htmlAttributes())
 *
 *   var map = DispatchMap.create(document.getElementById("map"));  // options: see create()
 *   map.setPins({ lat: -1.28, lng: 36.82 }, { lat: -1.30, lng: 36.79 });  // pickup, dropoff; null: none
 *   map.moveRider(-1.29, 36.80);   // the rider's newest position; extends the trail
 *   map.trail                      // [[lat, lng], ...] the positions so far (a copy)
 *   map.mode                       // "tiles" (Leaflet on the tile server) or "drawing"
 *   map.clearTrail(); map.remove();
 *
 * The element needs a height (the page's CSS). With no tile URL, without Leaflet, or when no
 * tile has loaded within fallbackAfterMs of the first view (no tile server reachable, as offline
 * and in the tests), the map becomes the drawing: the trail, the pins and the rider as an SVG on
 * a plain background. The element's data-map-mode says which; CSS may hide it while it is empty.
 */
(function (global) {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";
  var COLOURS = { pickup: "#1d2330", dropoff: "#b3261e", rider: "#0f7b6c" };
  var LABELS = { pickup: "Pickup", dropoff: "Drop-off", rider: "Rider" };
  var MAX_TRAIL = 500;
  /** The smallest span drawn, in degrees (about 200 m): one point alone is not a zoom to infinity. */
  var MIN_SPAN = 0.002;

  function point(p) {
    if (!p || p.lat === null || p.lat === undefined || p.lng === null || p.lng === undefined) return null;
    var lat = Number(p.lat), lng = Number(p.lng);
    return isFinite(lat) && isFinite(lng) ? [lat, lng] : null;
  }

  /** Every point to show: the pins, the trail (the rider is its last point). */
  function points(state) {
    return [state.pickup, state.dropoff].filter(Boolean).concat(state.trail);
  }

  // --- the drawing: no tiles ------------------------------------------------------------------

  function svg(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  function pin(kind, parent) {
    var group = svg("g", { "class": "dispatch-map-" + kind, visibility: "hidden" }, parent);
    svg("circle", { r: kind === "rider" ? 7 : 6, fill: COLOURS[kind], stroke: "#fff", "stroke-width": 2 }, group);
    if (kind !== "rider") {
      var label = svg("text", { y: -11, "text-anchor": "middle", "font-size": 10, fill: COLOURS[kind],
        "font-family": "system-ui, sans-serif", "font-weight": 600 }, group);
      label.textContent = LABELS[kind];
    }
    return group;
  }

  /** The drawing, in the element's own pixels: marks and labels keep their size at any width. */
  function Drawing(element) {
    var MARGIN_X = 34, MARGIN_Y = 24, GRID = 40;
    var picture = svg("svg", { width: "100%", height: "100%", role: "img", "aria-label": "Map of the delivery",
      "class": "dispatch-map-drawing" });
    var background = svg("rect", { width: "100%", height: "100%", fill: "#eef3f1" }, picture);
    var grid = svg("path", { stroke: "#dfe7e3", "stroke-width": 1, fill: "none" }, picture);
    var trail = svg("path", { "class": "dispatch-map-trail", d: "", stroke: COLOURS.rider, "stroke-width": 3,
      fill: "none", "stroke-opacity": 0.45, "stroke-linecap": "round", "stroke-linejoin": "round" }, picture);
    var marks = { pickup: pin("pickup", picture), dropoff: pin("dropoff", picture), rider: pin("rider", picture) };
    element.appendChild(picture);
    var current = null;

    this.render = function (state) {
      current = state;
      // hidden (no size yet): drawn as if 300 x 180, and again once it has a size
      var W = element.clientWidth || 300, H = element.clientHeight || 180;
      picture.setAttribute("viewBox", "0 0 " + W + " " + H);
      background.setAttribute("width", W);
      background.setAttribute("height", H);
      var lines = [];
      for (var x = GRID; x < W; x += GRID) lines.push("M" + x + " 0V" + H);
      for (var y = GRID; y < H; y += GRID) lines.push("M0 " + y + "H" + W);
      grid.setAttribute("d", lines.join(""));

      var all = points(state);
      var lats = all.map(function (p) { return p[0]; }), lngs = all.map(function (p) { return p[1]; });
      var minLat = Math.min.apply(null, lats), maxLat = Math.max.apply(null, lats);
      var minLng = Math.min.apply(null, lngs), maxLng = Math.max.apply(null, lngs);
      var midLat = all.length ? (minLat + maxLat) / 2 : 0, midLng = all.length ? (minLng + maxLng) / 2 : 0;
      // a degree of longitude is shorter away from the equator
      var shrink = Math.max(Math.cos(midLat * Math.PI / 180), 0.1);
      var scale = Math.min((W - 2 * MARGIN_X) / Math.max((maxLng - minLng) * shrink, MIN_SPAN),
        (H - 2 * MARGIN_Y) / Math.max(maxLat - minLat, MIN_SPAN));
      function xy(p) {
        return [round(W / 2 + (p[1] - midLng) * shrink * scale), round(H / 2 - (p[0] - midLat) * scale)];
      }
      function place(kind, p) {
        marks[kind].setAttribute("visibility", p ? "visible" : "hidden");
        if (p) marks[kind].setAttribute("transform", "translate(" + xy(p).join(" ") + ")");
      }
      trail.setAttribute("d", state.trail.map(function (p, i) { return (i ? "L" : "M") + xy(p).join(" "); }).join(" "));
      place("pickup", state.pickup);
      place("dropoff", state.dropoff);
      place("rider", state.trail[state.trail.length - 1]);
    };
    this.resize = function () { if (current) this.render(current); };
    this.remove = function () { element.removeChild(picture); };
  }

  function round(n) { return Math.round(n * 10) / 10; }

  // --- the tiles: Leaflet ---------------------------------------------------------------------

  function Tiles(element, options, giveUp) {
    var L = global.L;
    var map = L.map(element, { scrollWheelZoom: false, zoomSnap: 0.5 });
    var layer = L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19 }).addTo(map);
    var loaded = false, viewed = false, following = true, timer = null, deadline = 0;
    function marker(kind) {
      return L.circleMarker([0, 0], { radius: kind === "rider" ? 8 : 7, color: "#fff", weight: 2, fillOpacity: 1,
        fillColor: COLOURS[kind], className: "dispatch-map-" + kind })
        .bindTooltip(LABELS[kind], { permanent: kind !== "rider", direction: "top", offset: [0, -8] });
    }
    var marks = { pickup: marker("pickup"), dropoff: marker("dropoff"), rider: marker("rider") };
    var trail = L.polyline([], { color: COLOURS.rider, weight: 4, opacity: 0.5, className: "dispatch-map-trail" })
      .addTo(map);

    // No tile by the deadline: no tile server answers. A hidden map loads none, so it waits on.
    function giveUpBy(ms) {
      var at = Date.now() + ms;
      if (deadline && deadline <= at) return;
      clearTimeout(timer);
      deadline = at;
      timer = setTimeout(function () {
        deadline = 0;
        if (loaded) return;
        if (!element.offsetWidth || !element.offsetHeight) giveUpBy(options.fallbackAfterMs);
        else giveUp();
      }, ms);
    }
    layer.on("tileload", function () { loaded = true; clearTimeout(timer); element.dataset.tiles = "loaded"; });
    layer.on("tileerror", function () { if (!loaded) giveUpBy(options.errorGraceMs); });
    map.on("dragstart", function () { following = false; });

    var current = null;
    function fit() {
      var all = points(current);
      if (!all.length || !following) return;
      if (all.length === 1) map.setView(all[0], Math.max(map.getZoom() || 0, 15));
      // room above the pins for their labels
      else map.fitBounds(L.latLngBounds(all), { paddingTopLeft: [28, 48], paddingBottomRight: [28, 24], maxZoom: 16 });
      if (!viewed) {
        viewed = true;
        giveUpBy(options.fallbackAfterMs);
      }
    }

    this.render = function (state) {
      current = state;
      ["pickup", "dropoff"].forEach(function (kind) {
        if (state[kind]) marks[kind].setLatLng(state[kind]).addTo(map);
        else marks[kind].remove();
      });
      var rider = state.trail[state.trail.length - 1];
      if (rider) marks.rider.setLatLng(rider).addTo(map).bringToFront();
      else marks.rider.remove();
      trail.setLatLngs(state.trail);
      fit();
    };
    this.resize = function () {
      map.invalidateSize();
      if (current) fit();
    };
    this.remove = function () {
      clearTimeout(timer);
      map.remove();
      // Leaflet leaves its classes (a grey background, a grab cursor) on the element
      Array.prototype.slice.call(element.classList).forEach(function (name) {
        if (name.indexOf("leaflet-") === 0) element.classList.remove(name);
      });
    };
  }

  // --- the map ----------------------------------------------------------------------------------

  /**
   * A map in `element`. options (each defaults to the element's data attribute):
   * tileUrl (data-tile-url; empty: the drawing), attribution (data-attribution, HTML),
   * fallbackAfterMs (4000: no tile loaded by then, the drawing), errorGraceMs (1500: after a
   * failed tile with none loaded, the drawing).
   */
  function create(element, options) {
    options = options || {};
    var settings = {
      tileUrl: options.tileUrl !== undefined ? options.tileUrl : element.dataset.tileUrl || "",
      attribution: options.attribution !== undefined ? options.attribution : element.dataset.attribution || "",
      fallbackAfterMs: options.fallbackAfterMs || 4000,
      errorGraceMs: options.errorGraceMs || 1500
    };
    var state = { pickup: null, dropoff: null, trail: [] };
    var view, mode;

    function use(next) {
      mode = next;
      element.dataset.mapMode = next;
      view = next === "tiles" ? new Tiles(element, settings, drawInstead) : new Drawing(element);
      view.render(state);
    }
    function drawInstead() {
      if (mode !== "tiles") return;
      view.remove();
      use("drawing");
    }
    use(settings.tileUrl && global.L ? "tiles" : "drawing");
    // shown, hidden or resized by its page: the map follows the element's size
    var resized = global.ResizeObserver && new ResizeObserver(function () { view.resize(); });
    if (resized) resized.observe(element);

    var map = {
      /** The pickup and dropoff pins, each {lat, lng} or null (not drawn). */
      setPins: function (pickup, dropoff) {
        state.pickup = point(pickup);
        state.dropoff = point(dropoff);
        view.render(state);
        return map;
      },
      /** The rider's newest position: the rider moves there and the trail grows. */
      moveRider: function (lat, lng) {
        var next = point({ lat: lat, lng: lng }), last = state.trail[state.trail.length - 1];
        if (!next || (last && last[0] === next[0] && last[1] === next[1])) return map;
        state.trail.push(next);
        if (state.trail.length > MAX_TRAIL) state.trail.shift();
        view.render(state);
        return map;
      },
      clearTrail: function () {
        state.trail = [];
        view.render(state);
        return map;
      },
      remove: function () {
        if (resized) resized.disconnect();
        view.remove();
        mode = "removed";
      }
    };
    Object.defineProperty(map, "trail", {
      get: function () { return state.trail.map(function (p) { return p.slice(); }); }
    });
    Object.defineProperty(map, "mode", { get: function () { return mode; } });
    return map;
  }

  global.DispatchMap = { create: create };
})(window);

// Draws a QR code's module matrix ({size, rows: ["0101...", ...]}, '1' dark) from the server on a
// canvas, with the 4-module quiet zone a reader needs. No image from the server, no HTML.
"use strict";

function qrCanvas(qr, pixelsPerModule = 6) {
  const quiet = 4;
  const side = (qr.size + 2 * quiet) * pixelsPerModule;
  const canvas = h("canvas", { width: side, height: side, "data-testid": "qr", "data-size": qr.size,
    role: "img", "aria-label": "QR code of the enrolment link" });
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, side, side);
  context.fillStyle = "#000";
  qr.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] === "1") context.fillRect((x + quiet) * pixelsPerModule, (y + quiet) * pixelsPerModule, pixelsPerModule, pixelsPerModule);
    }
  });
  return canvas;
}

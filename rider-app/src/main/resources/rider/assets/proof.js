// The proof of delivery: the customer's PIN, a signature drawn on the canvas with a finger or a
// pen (pointer events), or a photo from the camera.

/** Makes the canvas a signature pad; answers {empty(), clear(), png()}. */
export function signaturePad(canvas) {
  const pen = canvas.getContext("2d");
  let drawn = false;
  let last = null;
  const reset = () => {
    pen.fillStyle = "#fff";
    pen.fillRect(0, 0, canvas.width, canvas.height);
    pen.strokeStyle = "#1d2530";
    pen.lineWidth = 3;
    pen.lineCap = "round";
    drawn = false;
  };
  const point = (event) => {
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * canvas.width) / box.width,
      y: ((event.clientY - box.top) * canvas.height) / box.height,
    };
  };
  canvas.addEventListener("pointerdown", (event) => {
    canvas.setPointerCapture(event.pointerId);
    last = point(event);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!last) return;
    const next = point(event);
    pen.beginPath();
    pen.moveTo(last.x, last.y);
    pen.lineTo(next.x, next.y);
    pen.stroke();
    last = next;
    drawn = true;
  });
  const lift = () => {
    last = null;
  };
  canvas.addEventListener("pointerup", lift);
  canvas.addEventListener("pointercancel", lift);
  reset();
  return {
    empty: () => !drawn,
    clear: reset,
    png: () => new Promise((resolve) => canvas.toBlob(resolve, "image/png")),
  };
}

const MAX_BYTES = 5 * 1024 * 1024;

/** The photo chosen in the file input, checked against what the upload accepts; null when none. */
export function chosenPhoto(input) {
  const file = input.files && input.files[0];
  if (!file) return null;
  if (!["image/jpeg", "image/png"].includes(file.type)) {
    throw new Error("The photo must be a JPEG or PNG picture");
  }
  if (file.size > MAX_BYTES) throw new Error("The photo is larger than 5 MB; take it again");
  return file;
}

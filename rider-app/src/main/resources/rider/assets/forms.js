// The hand-over form (proof: PIN, signature or photo) and the failure form.
import { chosenPhoto, signaturePad } from "./proof.js";

const $ = (id) => document.getElementById(id);
let pad = null;
let current = null;

function show(card, error, text) {
  error.hidden = !text;
  error.textContent = text || "";
  if (card) card.scrollIntoView({ block: "start" });
}

function close() {
  $("deliver-card").hidden = true;
  $("fail-card").hidden = true;
  current = null;
}

/**
 * Wires both forms once. onDeliver(stop, body, media) and onFail(stop, body) queue the action;
 * media is {blob, type, field} for a photo or a signature, uploaded before the hand-over is sent.
 */
export function setUpForms({ onDeliver, onFail }) {
  pad = signaturePad($("signature"));
  $("signature-clear").addEventListener("click", () => pad.clear());
  document.querySelectorAll("[data-close]").forEach((b) => b.addEventListener("click", close));
  const deliver = $("deliver-form");
  const proofType = () => deliver.querySelector("input[name=proofType]:checked").value;
  deliver.addEventListener("change", (event) => {
    if (event.target.name === "proofType") {
      deliver.querySelectorAll("[data-proof]").forEach((part) => (part.hidden = part.dataset.proof !== proofType()));
      $("photo-preview").hidden = proofType() !== "PHOTO" || !$("photo-preview").src;
    }
    if (event.target.name === "photo") {
      const file = event.target.files[0];
      if (file) {
        $("photo-preview").src = URL.createObjectURL(file);
        $("photo-preview").hidden = false;
      }
    }
  });
  deliver.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = $("deliver-error");
    const recipientName = deliver.elements.recipientName.value.trim();
    if (!recipientName) return show(null, error, "Write who received the parcel");
    const type = proofType();
    const proof = { type, recipientName };
    let media = null;
    try {
      if (type === "PIN") {
        const pin = deliver.elements.pin.value.trim();
        if (!/^[0-9]{4}$/.test(pin)) return show(null, error, "The PIN is the customer's 4 digits");
        proof.pin = pin;
      } else if (type === "SIGNATURE") {
        if (pad.empty()) return show(null, error, "Ask the customer to sign in the box");
        media = { blob: await pad.png(), type: "image/png", field: "signatureUrl" };
      } else {
        const photo = chosenPhoto(deliver.elements.photo);
        if (!photo) return show(null, error, "Take a photo of the parcel at the door");
        media = { blob: photo, type: photo.type, field: "photoUrl" };
      }
    } catch (problem) {
      return show(null, error, problem.message);
    }
    const stop = current;
    close();
    await onDeliver(stop, { proof }, media);
  });
  // an error says what to fix; once the rider changes something it has said it
  deliver.addEventListener("input", () => show(null, $("deliver-error"), ""));
  const fail = $("fail-form");
  fail.addEventListener("input", () => show(null, $("fail-error"), ""));
  fail.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reasonCode = fail.elements.reasonCode.value;
    const detail = fail.elements.detail.value.trim();
    if (reasonCode === "OTHER" && !detail) return show(null, $("fail-error"), "Say what happened");
    const stop = current;
    close();
    await onFail(stop, detail ? { reasonCode, detail } : { reasonCode });
  });
}

/** Opens the hand-over form for the stop's delivery, empty. */
export function openDeliver(stop) {
  close();
  current = stop;
  const form = $("deliver-form");
  form.reset();
  pad.clear();
  $("photo-preview").hidden = true;
  $("photo-preview").removeAttribute("src");
  form.querySelectorAll("[data-proof]").forEach((part) => (part.hidden = part.dataset.proof !== "PIN"));
  $("deliver-card").hidden = false;
  show($("deliver-card"), $("deliver-error"), "");
}

export function openFail(stop) {
  close();
  current = stop;
  $("fail-form").reset();
  $("fail-card").hidden = false;
  show($("fail-card"), $("fail-error"), "");
}

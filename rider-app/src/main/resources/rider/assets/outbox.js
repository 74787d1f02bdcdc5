// Actions taken while offline (or not yet confirmed), kept in IndexedDB and sent in the order they
// were taken. Each carries the Idempotency-Key made when the rider tapped, so sending it again
// after a lost answer replays the first answer instead of acting twice.
import { call, Refused, unreachable } from "./api.js";

const DB = "dispatch-rider";
const STORE = "outbox";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Every waiting action, oldest first. */
export function pending() {
  return run("readonly", (store) => store.getAll());
}

/** Queues an action: {label, dispatchId, step, path, body?, media?: {blob, type}}; a fresh key is made now. */
export function add(action) {
  return run("readwrite", (store) => store.add({ ...action, key: crypto.randomUUID(), at: new Date().toISOString() }));
}

function put(action) {
  return run("readwrite", (store) => store.put(action));
}

function remove(seq) {
  return run("readwrite", (store) => store.delete(seq));
}

export function clear() {
  return run("readwrite", (store) => store.clear());
}

let flushing = null;

/**
 * Sends the waiting actions in order. Stops at the first that cannot reach the server (it stays,
 * with its key, for the next try). One the server refuses (e.g. 409: the delivery moved on) is
 * dropped and reported through onRefused; onDone gets each answer.
 */
export function flush({ onDone, onRefused }) {
  if (!flushing) {
    flushing = send(onDone, onRefused).finally(() => {
      flushing = null;
    });
  }
  return flushing;
}

async function send(onDone, onRefused) {
  for (const action of await pending()) {
    try {
      if (action.media && !action.mediaUrl) {
        const uploaded = await call("POST", `/api/v1/rider/dispatches/${action.dispatchId}/proof-media`, {
          raw: action.media.blob,
          type: action.media.type,
        });
        action.mediaUrl = uploaded.url;
        action.body.proof[action.media.field] = uploaded.url;
        await put(action);
      }
      const answer = await call("POST", action.path, { body: action.body, key: action.key });
      await remove(action.seq);
      onDone(action, answer);
    } catch (error) {
      if (unreachable(error) || (error instanceof Refused && error.status === 401)) return false;
      await remove(action.seq);
      onRefused(action, error);
    }
  }
  return true;
}

// JavaScript half of the bindings: the error class, body reading with a byte cap, abortable sleep,
// UUIDs and URL resolution. Everything here runs the same in pages, web workers, workerd and Node.

const BRAND = Symbol.for("magisterium-a2a.MagisteriumError");

/** The error every rejection of the SDK carries. */
export class MagisteriumError extends Error {
  constructor(message, init = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "MagisteriumError";
    this.kind = init.kind;
    for (const key of ["code", "status", "retryAfterMs", "data", "taskId"]) {
      if (init[key] !== undefined) this[key] = init[key];
    }
  }

  // `instanceof` also works when the package is bundled twice.
  static [Symbol.hasInstance](value) {
    return isMagisteriumError(value);
  }
}
Object.defineProperty(MagisteriumError.prototype, BRAND, { value: true });

/** True for errors thrown by this SDK (any copy of it). */
export function isMagisteriumError(value) {
  return typeof value === "object" && value !== null && value[BRAND] === true;
}

export function makeError(message, kind, code, status, retryAfterMs, data, taskId, cause) {
  return new MagisteriumError(message, { kind, code, status, retryAfterMs, data, taskId, cause });
}

/**
 * Reads a response body as UTF-8 text, stopping as soon as it passes `maxBytes`.
 * Resolves to `{ text }`, `{ tooLarge: true }` or `{ badUtf8: true }`; rejects on stream errors.
 */
export async function readBody(response, maxBytes) {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  let bytes;
  if (!response.body) {
    bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > maxBytes) return { tooLarge: true };
  } else {
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        return { tooLarge: true };
      }
      chunks.push(value);
    }
    if (chunks.length === 1) {
      bytes = chunks[0];
    } else {
      bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
    }
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { badUtf8: true };
  }
}

/** Parses JSON text; `undefined` when it is not JSON. */
export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves after `ms`, or rejects with the string "aborted" when `signal` fires first. */
export function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject("aborted");
    const onAbort = () => {
      clearTimeout(timer);
      reject("aborted");
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function uuid() {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") {
    try {
      return c.randomUUID();
    } catch {}
  }
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `url` made absolute against the page (or worker) location when there is one. */
export function resolveUrl(url) {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return undefined;
  }
}

/** The global fetch, looked up per call so a test or polyfill installed later is used. */
export function globalFetch() {
  return globalThis.fetch;
}

/** A random number in [0, 1) for retry jitter. */
export function random() {
  return Math.random();
}

/** Milliseconds since the Unix epoch. */
export function now() {
  return Date.now();
}

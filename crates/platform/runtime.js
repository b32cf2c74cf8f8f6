// The one piece of the SDK that must be JavaScript: the error class (a real `Error` subclass) and its
// `Symbol.for` brand, so `instanceof` and `isMagisteriumError` work across copies of the package.

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

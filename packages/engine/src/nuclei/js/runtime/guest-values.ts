import type { QuickJSAsyncContext, QuickJSHandle } from 'quickjs-emscripten-core';

/** Plain data that crosses into the sandbox: strings, numbers, booleans, null, lists and records. */
export type GuestData =
  | string
  | number
  | boolean
  | null
  | undefined
  | bigint
  | readonly GuestData[]
  | GuestRecord;
export interface GuestRecord {
  readonly [key: string]: GuestData;
}

const MAX_DEPTH = 32;

/** A new handle holding a copy of `value`; the caller owns (and disposes) it. */
export function toGuest(ctx: QuickJSAsyncContext, value: unknown, depth = 0): QuickJSHandle {
  if (value === undefined) return ctx.undefined;
  if (value === null) return ctx.null;
  switch (typeof value) {
    case 'string':
      return ctx.newString(value);
    case 'number':
      return ctx.newNumber(value);
    case 'boolean':
      return value ? ctx.true : ctx.false;
    case 'bigint':
      return ctx.newBigInt(value);
  }
  if (depth > MAX_DEPTH) return ctx.undefined;
  if (Array.isArray(value)) {
    const array = ctx.newArray();
    value.forEach((item, i) => {
      const h = toGuest(ctx, item, depth + 1);
      ctx.setProp(array, i, h);
      h.dispose();
    });
    return array;
  }
  if (typeof value === 'object') {
    const object = ctx.newObject();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const h = toGuest(ctx, v, depth + 1);
      ctx.setProp(object, k, h);
      h.dispose();
    }
    return object;
  }
  return ctx.undefined;
}

/** A host copy of a guest value (JSON-like; functions and symbols become undefined). */
export function fromGuest(ctx: QuickJSAsyncContext, handle: QuickJSHandle): unknown {
  return ctx.dump(handle);
}

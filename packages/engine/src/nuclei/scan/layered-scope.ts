import type { Scope } from '../dsl/evaluate.js';
import type { DslValue } from '../dsl/values.js';

/**
 * Variable lookup through layers, first match wins; writes go to the first layer. Keeps the
 * precedence rules cheap: payloads over extracted values over variables over built-ins.
 */
type Layer = Pick<ReadonlyMap<string, DslValue>, 'get' | 'has'>;

export class LayeredScope implements Scope {
  private readonly layers: readonly Layer[];
  private readonly top: Map<string, DslValue>;

  constructor(top: Map<string, DslValue>, ...rest: Layer[]) {
    this.top = top;
    // The rest array is already a fresh copy: reuse it instead of spreading into another.
    rest.unshift(top);
    this.layers = rest;
  }

  get(name: string): DslValue | undefined {
    // `get` first: most lookups hit, and a hit then costs one map lookup instead of two. `has`
    // only tells a stored `undefined` from a miss.
    for (const layer of this.layers) {
      const value = layer.get(name);
      if (value !== undefined || layer.has(name)) return value;
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.layers.some((l) => l.has(name));
  }

  set(name: string, value: DslValue): this {
    this.top.set(name, value);
    return this;
  }
}

import { parseSimpleFlow } from '../../load/simple-flow.js';
import type { CompiledFlow } from './run-flow.js';

/**
 * A template's flow ready to run. Its JavaScript is compiled by the sandbox when it first runs
 * (a syntax error is then a failure of that template on each target, as in nuclei); the load
 * only finds the `&&`/`||` form that needs no runtime.
 */
export function compileFlow(source: string): CompiledFlow {
  const simple = parseSimpleFlow(source);
  return simple ? { source, simple } : { source };
}

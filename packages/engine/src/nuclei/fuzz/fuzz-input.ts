/**
 * What a fuzzing (DAST) template fuzzes: one known request of the target, as nuclei's input
 * formats give it (a URL of a `-l` list, a Burp export's item, an OpenAPI operation's example, a
 * crawled link or form).
 *
 * How it is used: pass a list as `fuzzInputs` to `runTemplates`/`collectScan` with the DAST gate
 * opened (`options.dast: true`). Each fuzzing template (`isFuzzingTemplate`) then runs once per
 * input: the input's request is the base request (only its parts are altered; the input request
 * itself is not sent), the template's `headers` are set on it, and every fuzzed request goes
 * through the scan's scope policy, rate limit and request cap like any other request. Templates
 * without `fuzzing:` keep running on `targets`. Without `fuzzInputs`, a fuzzing template fuzzes a
 * GET of each target URL, as nuclei does with `-u URL -dast`.
 *
 * @example
 * const inputs: FuzzInput[] = [
 *   { method: 'GET', url: 'http://127.0.0.1:8080/search?q=shoes', headers: [] },
 *   { method: 'POST', url: 'http://127.0.0.1:8080/login', headers: [['Content-Type', 'application/json']], body: '{"user":"a"}' },
 * ];
 * for await (const e of runTemplates({ templates, targets: [], fuzzInputs: inputs, options: { dast: true } })) …
 */
export interface FuzzInput {
  /** `GET`, `POST`… */
  readonly method: string;
  /** Absolute http(s) URL with its query string. */
  readonly url: string;
  /** Headers in order, as sent (Cookie and Content-Type included). */
  readonly headers: readonly (readonly [string, string])[];
  /** Request body (text), for POST/PUT inputs. */
  readonly body?: string;
}

/** Where a finding's fuzzed value went (nuclei's `fuzzing_*` result fields). */
export interface FuzzedPoint {
  /** Method of the fuzzed request (nuclei's `fuzzing_method`). */
  readonly method: string;
  /** The part fuzzed: `query`, `path`, `header`, `cookie`, `body`, `request` (`fuzzing_position`). */
  readonly part: string;
  /** The key fuzzed (`id`, a 1-based path segment `2`, a JSON path `user.name`) (`fuzzing_parameter`). */
  readonly parameter: string;
  /** The value the key was given in that request. */
  readonly value: string;
}

/** Input formats of `-im/--input-mode`, as nuclei names them. */
export type FuzzInputFormat = 'list' | 'burp' | 'openapi' | 'swagger' | 'jsonl' | 'yaml';

export const FUZZ_INPUT_FORMATS: readonly FuzzInputFormat[] = Object.freeze([
  'list',
  'burp',
  'openapi',
  'swagger',
  'jsonl',
  'yaml',
]);

/** An input file that could not be read as its format says (malformed Burp XML, OpenAPI…). */
export class FuzzInputError extends Error {
  override readonly name = 'FuzzInputError';
}

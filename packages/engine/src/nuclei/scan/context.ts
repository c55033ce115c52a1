import type { LookupFunction } from 'node:net';
import type { DslValue } from '../dsl/values.js';
import type { FuzzedPoint, FuzzInput } from '../fuzz/fuzz-input.js';
import type { CookieJar } from '../http/cookie-jar.js';
import type { InteractshClient } from '../interactsh/interactsh-client.js';
import type { OperatorOutcome } from '../operators/evaluate-operators.js';
import type { ResolvedOptions } from '../options.js';
import type { Target } from '../target.js';
import type { CompiledTemplate } from '../template-model.js';
import type { ScanEvent } from '../types.js';
import type { HostErrorTracker } from './host-errors.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RequestCluster } from './request-cluster.js';

/** Shared by everything in one scan. */
export interface ScanContext {
  readonly options: ResolvedOptions;
  readonly signal: AbortSignal;
  readonly limiter: RateLimiter;
  readonly hostErrors: HostErrorTracker;
  readonly emit: (event: ScanEvent) => void;
  readonly interactsh?: InteractshClient;
  /** Scheme found by probing an input without one, per `host:port`. */
  readonly schemes: Map<string, Promise<'http' | 'https' | undefined>>;
  /** Host names of http targets resolve through this when the scan names its resolvers. */
  readonly hostLookup?: LookupFunction;
  /** Identical requests from different templates are sent once (nuclei's clustering). */
  readonly cluster?: RequestCluster;
  /**
   * Built-in variables per target and scheme, computed once per scan. Keyed by the target object
   * (parsed once per scan), not by a `scheme|input` string built and hashed for every request.
   */
  readonly variables: WeakMap<
    Target,
    { http?: ReadonlyMap<string, DslValue>; https?: ReadonlyMap<string, DslValue> }
  >;
}

/** One template on one target (or once, for self-contained templates). */
export interface TemplateRun {
  readonly scan: ScanContext;
  readonly template: CompiledTemplate;
  readonly target?: Target;
  /** Variables, constants, extracted values and earlier blocks' fields. */
  readonly state: Map<string, DslValue>;
  /** Variables that could not be evaluated up front; rendered again for every request. */
  readonly lazyVariables: readonly (readonly [string, string])[];
  readonly cookies: CookieJar;
  readonly workflowId?: string;
  /** A workflow step's parent with subtemplates or matchers: nuclei prints none of its results. */
  readonly silent?: boolean;
  /** Called with every response's operator outcome while a flow call runs the block. */
  readonly observe?: (outcome: OperatorOutcome) => void;
  /** A fuzzing template's input request: its fuzzing blocks alter this request's parts. */
  readonly fuzzInput?: FuzzInput;
  /** Set on the run of one fuzzed request: its findings record where the value went. */
  readonly fuzzedPoint?: FuzzedPoint;
}

export interface BlockOutcome {
  readonly matched: boolean;
  readonly matchedNames: readonly string[];
}

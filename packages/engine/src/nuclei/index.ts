export { evaluateDsl, evaluateDslCondition, type Scope } from './dsl/evaluate.js';
export { helperNames } from './dsl/helpers.js';
export type { DslValue } from './dsl/values.js';
export {
  FUZZ_INPUT_FORMATS,
  type FuzzedPoint,
  type FuzzInput,
  FuzzInputError,
  type FuzzInputFormat,
} from './fuzz/fuzz-input.js';
export { type ParseInputsOptions, parseFuzzInputs } from './fuzz/inputs/parse-inputs.js';
export { resolverLookup } from './http/host-lookup.js';
export {
  type InvalidTemplate,
  type LoadOptions,
  type LoadResult,
  loadTemplateFiles,
  loadTemplates,
  type RejectedTemplate,
  type TemplateSource,
} from './load-templates.js';
export { NUCLEI_DEFAULTS, type ScanOptions } from './options.js';
export { compileGoRegex, type GoRegex } from './regex/go-regex.js';
export { RequestCapError } from './scan/rate-limiter.js';
export { collectScan, type RunTemplatesInput, runTemplates, type ScanResult } from './scan/run-templates.js';
export { parseTarget, type Target } from './target.js';
export { type CompiledTemplate, isFuzzingTemplate } from './template-model.js';
export type { Finding, ScanEvent, ScanProtocol } from './types.js';

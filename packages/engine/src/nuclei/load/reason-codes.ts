/**
 * One stable code per template the engine cannot run, so a corpus report (`pnpm corpus`) and the
 * panel can count and group them. Messages may change wording; codes do not.
 */
export type ReasonCode =
  | 'yaml-invalid'
  | 'template-invalid'
  | 'id-invalid'
  | 'severity-invalid'
  | 'field-unknown'
  | 'field-type'
  | 'field-required'
  | 'field-duplicate'
  | 'protocol-missing'
  | 'protocol-headless'
  | 'protocol-code'
  | 'protocol-javascript'
  /** A javascript template whose `nuclei/<module>` (or one of its functions) the sandbox does not provide. */
  | `javascript-module-${string}`
  | 'protocol-file'
  | 'protocol-websocket'
  | 'protocol-whois'
  | 'flow'
  | 'fuzzing'
  | 'payload-file-missing'
  | 'payload-path-refused'
  | 'regex-invalid'
  | 'hex-invalid'
  | 'dsl-helper-missing'
  | 'dsl-invalid'
  | 'workflow-template-missing'
  | 'workflow-template-unrunnable'
  | 'compile-error';

const BY_MESSAGE: readonly [RegExp, ReasonCode][] = [
  [/^invalid YAML/, 'yaml-invalid'],
  [/^invalid id/, 'id-invalid'],
  [/invalid severity/, 'severity-invalid'],
  [/^unknown field/, 'field-unknown'],
  [/^duplicate field/, 'field-duplicate'],
  [/is required$/, 'field-required'],
  [/^must be /, 'field-type'],
  [/no protocol block/, 'protocol-missing'],
  [/payload file .* (outside|refused)/, 'payload-path-refused'],
  [/payload file|ENOENT/, 'payload-file-missing'],
  [/invalid regular expression/, 'regex-invalid'],
  [/not valid hex/, 'hex-invalid'],
  [/unknown DSL helper|helper .* is not supported/, 'dsl-helper-missing'],
  [/DSL|expression/, 'dsl-invalid'],
  [/workflow template .* not found|EISDIR/, 'workflow-template-missing'],
  [/workflow template/, 'workflow-template-unrunnable'],
];

/** The code for a load error message (validation or compile error). */
export function reasonForMessage(message: string): ReasonCode {
  for (const [pattern, code] of BY_MESSAGE) if (pattern.test(message)) return code;
  return 'template-invalid';
}

/** The code for a rejected feature (`headless`, `flow`, `fuzzing`, …). */
export function reasonForFeature(feature: string): ReasonCode {
  if (feature === 'flow' || feature === 'fuzzing') return feature;
  if (feature === 'dsl-helper') return 'dsl-helper-missing';
  if (feature.startsWith('javascript-module-')) return feature as ReasonCode;
  return `protocol-${feature}` as ReasonCode;
}

/**
 * The shape of a Nuclei template, declared as data so one walker can report unknown fields and
 * wrong types with their line. Nuclei decodes templates strictly, so an unknown field is an error
 * there too; keeping the lists here means a typo such as `matcher:` is caught in the editor.
 */
export type FieldSpec =
  | 'string'
  | 'bool'
  | 'int'
  /** A string or a list of strings (Nuclei accepts both for authors, tags, references). */
  | 'strings'
  | 'scalar'
  | 'any'
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'object'; readonly fields: ObjectSpec; readonly required?: readonly string[] }
  | { readonly kind: 'list'; readonly of: FieldSpec }
  /** A map with free keys whose values all follow one spec (headers, payloads, variables). */
  | { readonly kind: 'map'; readonly of: FieldSpec };

export type ObjectSpec = Readonly<Record<string, FieldSpec>>;

const list = (of: FieldSpec): FieldSpec => ({ kind: 'list', of });
const map = (of: FieldSpec): FieldSpec => ({ kind: 'map', of });
const oneOf = (...values: string[]): FieldSpec => ({ kind: 'enum', values });
const object = (fields: ObjectSpec, required: readonly string[] = []): FieldSpec => ({
  kind: 'object',
  fields,
  required,
});

const matcher = object(
  {
    type: oneOf('word', 'regex', 'status', 'size', 'binary', 'dsl', 'xpath'),
    condition: oneOf('and', 'or'),
    part: 'string',
    negative: 'bool',
    name: 'string',
    status: list('int'),
    size: list('int'),
    words: list('scalar'),
    regex: list('string'),
    binary: list('string'),
    dsl: list('string'),
    xpath: list('string'),
    encoding: oneOf('hex'),
    'case-insensitive': 'bool',
    'match-all': 'bool',
    internal: 'bool',
  },
  ['type'],
);

const extractor = object(
  {
    type: oneOf('regex', 'kval', 'json', 'xpath', 'dsl'),
    name: 'string',
    regex: list('string'),
    group: 'int',
    kval: list('string'),
    json: list('string'),
    xpath: list('string'),
    attribute: 'string',
    dsl: list('string'),
    part: 'string',
    internal: 'bool',
    'case-insensitive': 'bool',
  },
  ['type'],
);

const operators: ObjectSpec = {
  matchers: list(matcher),
  extractors: list(extractor),
  'matchers-condition': oneOf('and', 'or'),
};

const payloadsAndAttack: ObjectSpec = {
  payloads: map('any'),
  attack: oneOf('batteringram', 'pitchfork', 'clusterbomb'),
  threads: 'int',
};

const httpRequest = object({
  ...operators,
  ...payloadsAndAttack,
  id: 'string',
  name: 'string',
  method: oneOf(
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'DELETE',
    'CONNECT',
    'OPTIONS',
    'TRACE',
    'PATCH',
    'PURGE',
    'DEBUG',
  ),
  path: list('string'),
  raw: list('string'),
  headers: map('scalar'),
  body: 'string',
  redirects: 'bool',
  'host-redirects': 'bool',
  'max-redirects': 'int',
  'stop-at-first-match': 'bool',
  'cookie-reuse': 'bool',
  'disable-cookie': 'bool',
  'req-condition': 'bool',
  unsafe: 'bool',
  race: 'bool',
  race_count: 'int',
  pipeline: 'bool',
  'pipeline-concurrent-connections': 'int',
  'pipeline-requests-per-connection': 'int',
  'max-size': 'int',
  'read-all': 'bool',
  'skip-variables-check': 'bool',
  'iterate-all': 'bool',
  'disable-path-automerge': 'bool',
  'digest-username': 'string',
  'digest-password': 'string',
  'self-contained': 'bool',
  'pre-condition': list('any'),
  'pre-condition-operator': 'string',
  'global-matchers': 'bool',
  fuzzing: 'any',
  analyzer: 'any',
  signature: 'any',
});

const dnsRequest = object({
  ...operators,
  ...payloadsAndAttack,
  id: 'string',
  name: 'string',
  type: oneOf('A', 'NS', 'DS', 'CNAME', 'SOA', 'PTR', 'MX', 'TXT', 'AAAA', 'CAA', 'TLSA', 'ANY', 'SRV'),
  class: oneOf('inet', 'csnet', 'chaos', 'hesiod', 'none', 'any'),
  retries: 'int',
  trace: 'bool',
  'trace-max-recursion': 'int',
  recursion: 'bool',
  resolvers: list('string'),
});

const tcpInput = object({ data: 'scalar', type: oneOf('hex', 'text'), read: 'int', name: 'string' });

const tcpRequest = object({
  ...operators,
  ...payloadsAndAttack,
  id: 'string',
  host: list('string'),
  inputs: list(tcpInput),
  'read-size': 'int',
  'read-all': 'bool',
  port: 'scalar',
  'exclude-ports': 'scalar',
});

const sslRequest = object({
  ...operators,
  id: 'string',
  address: 'string',
  min_version: 'string',
  max_version: 'string',
  cipher_suites: list('string'),
  scan_mode: 'string',
  tls_version_enum: 'bool',
  tls_cipher_enum: 'bool',
  tls_cipher_types: list('string'),
});

const workflowMatcher: FieldSpec = object({
  name: 'strings',
  condition: oneOf('and', 'or'),
  subtemplates: 'any',
});
const workflowItem: FieldSpec = object({
  template: 'string',
  tags: 'strings',
  matchers: list(workflowMatcher),
  subtemplates: list('any'),
});

export const INFO_SPEC: ObjectSpec = {
  name: 'string',
  author: 'strings',
  severity: 'string',
  tags: 'strings',
  description: 'string',
  reference: 'strings',
  remediation: 'string',
  impact: 'string',
  classification: map('any'),
  metadata: map('any'),
};

/** Top-level fields; rejected protocols are accepted as `any` so the reason can be reported. */
export const TEMPLATE_SPEC: ObjectSpec = {
  id: 'string',
  info: object(INFO_SPEC),
  variables: map('scalar'),
  constants: map('scalar'),
  'self-contained': 'bool',
  'stop-at-first-match': 'bool',
  flow: 'string',
  signature: 'any',
  http: list(httpRequest),
  requests: list(httpRequest),
  dns: list(dnsRequest),
  tcp: list(tcpRequest),
  network: list(tcpRequest),
  ssl: list(sslRequest),
  workflows: list(workflowItem),
  headless: 'any',
  code: 'any',
  javascript: 'any',
  file: 'any',
  websocket: 'any',
  whois: 'any',
};

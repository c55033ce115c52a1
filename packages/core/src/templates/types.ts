/** Where a problem sits in the YAML source. Lines and columns are 1-based. */
export interface TemplateIssue {
  /** Dotted field path, e.g. `http[0].matchers[1].type`; empty for the whole document. */
  readonly path: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning';
}

export const TEMPLATE_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical', 'unknown'] as const;
export type TemplateSeverity = (typeof TEMPLATE_SEVERITIES)[number];

/** Protocols the engine runs. */
export const RUNNABLE_PROTOCOLS = ['http', 'dns', 'tcp', 'ssl', 'workflows'] as const;
/** Protocols that need a browser, local code execution or the file system: rejected with a reason. */
export const REJECTED_PROTOCOLS = ['headless', 'code', 'javascript', 'file', 'websocket', 'whois'] as const;
export type RunnableProtocol = (typeof RUNNABLE_PROTOCOLS)[number];
export type RejectedProtocol = (typeof REJECTED_PROTOCOLS)[number];

export interface TemplateInfo {
  readonly name: string;
  /** Always a list, whatever form the YAML used (string, comma string or list). */
  readonly author: readonly string[];
  readonly severity: TemplateSeverity;
  readonly tags: readonly string[];
  readonly description?: string;
  readonly reference: readonly string[];
  readonly remediation?: string;
  readonly impact?: string;
  readonly classification?: Readonly<Record<string, unknown>>;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export type YamlMap = Readonly<Record<string, unknown>>;

/** A template that passed validation. Protocol blocks stay plain YAML data for the engine. */
export interface ParsedTemplate {
  readonly id: string;
  readonly info: TemplateInfo;
  /** Protocols present, aliases resolved (`requests` → `http`, `network` → `tcp`). */
  readonly protocols: readonly (RunnableProtocol | RejectedProtocol)[];
  /** The first rejected protocol, if any, with the reason the engine will not run it. */
  readonly rejected?: { readonly protocol: RejectedProtocol; readonly reason: string };
  readonly selfContained: boolean;
  readonly usesFlow: boolean;
  readonly http: readonly YamlMap[];
  readonly dns: readonly YamlMap[];
  readonly tcp: readonly YamlMap[];
  readonly ssl: readonly YamlMap[];
  readonly workflows: readonly YamlMap[];
  readonly variables: readonly (readonly [string, string])[];
  readonly constants: readonly (readonly [string, string])[];
  readonly flow?: string;
  /** The whole document as data, for tools that need fields not modelled here. */
  readonly raw: YamlMap;
}

export type ParseTemplateResult =
  | {
      readonly ok: true;
      readonly template: ParsedTemplate;
      readonly warnings: readonly TemplateIssue[];
    }
  | {
      readonly ok: false;
      readonly errors: readonly TemplateIssue[];
      readonly warnings: readonly TemplateIssue[];
    };

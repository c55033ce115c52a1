import type { TemplateInfo } from '@didban/core/templates';
import type { FuzzBlock } from './fuzz/fuzz-rules.js';
import type { CompiledFlow } from './js/flow/run-flow.js';
import type { Operators } from './operators/types.js';
import type { AttackType, PayloadSet } from './payloads/generate-payloads.js';
import type { HeadlessBlock } from './protocols/headless/headless-block.js';
import type { JavascriptBlock } from './protocols/javascript/javascript-block.js';
import type { ScanProtocol } from './types.js';

interface BlockBase {
  readonly index: number;
  readonly id?: string;
  readonly operators: Operators;
  readonly payloads: PayloadSet;
  readonly attack: AttackType;
  /** The block references `_N` history fields (auto-detected as in Nuclei). */
  readonly needsHistory: boolean;
}

export interface HttpBlock extends BlockBase {
  readonly protocol: 'http';
  readonly method: string;
  readonly paths: readonly string[];
  readonly raw: readonly string[];
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: string;
  readonly redirects: boolean;
  readonly hostRedirects: boolean;
  readonly maxRedirects?: number;
  readonly stopAtFirstMatch: boolean;
  readonly disableCookie: boolean;
  readonly unsafe: boolean;
  readonly race: boolean;
  readonly raceCount: number;
  readonly maxSize?: number;
  readonly disablePathAutomerge: boolean;
  readonly iterateAll: boolean;
  readonly skipVariablesCheck: boolean;
  /** `fuzzing:` rules: the block fuzzes the scan's fuzz inputs instead of sending its paths. */
  readonly fuzzing?: FuzzBlock;
}

export interface DnsBlock extends BlockBase {
  readonly protocol: 'dns';
  readonly name: string;
  readonly type: string;
  readonly class: string;
  readonly retries?: number;
  readonly recursion: boolean;
  readonly resolvers: readonly string[];
}

export interface TcpInput {
  readonly data: string;
  /** `type: hex` data with `{{…}}`: decoded from hex after rendering. */
  readonly hexAfterRender?: boolean;
  readonly read: number;
  readonly name?: string;
}

export interface TcpBlock extends BlockBase {
  readonly protocol: 'tcp';
  readonly hosts: readonly string[];
  readonly inputs: readonly TcpInput[];
  readonly readSize: number;
  readonly readAll: boolean;
  readonly port?: string;
}

export interface SslBlock extends BlockBase {
  readonly protocol: 'ssl';
  readonly address: string;
  readonly minVersion?: string;
  readonly maxVersion?: string;
}

export type Block = HttpBlock | DnsBlock | TcpBlock | SslBlock | JavascriptBlock | HeadlessBlock;

export interface WorkflowStep {
  /** Templates this step runs (a `template:` path or the templates a `tags:` selector picked). */
  readonly templates: readonly CompiledTemplate[];
  /** Templates this step names that the engine cannot run, with `code: reason`; the rest still run. */
  readonly skipped: readonly { readonly template: string; readonly reason: string }[];
  readonly subtemplates: readonly WorkflowStep[];
  readonly matchers: readonly {
    readonly names: readonly string[];
    readonly condition: 'and' | 'or';
    readonly subtemplates: readonly WorkflowStep[];
  }[];
}

/** A template ready to run: parsed, validated, operators and regexes compiled. */
export interface CompiledTemplate {
  readonly id: string;
  readonly info: TemplateInfo;
  readonly path?: string;
  /** Blocks in file order, protocols as they appear. */
  readonly blocks: readonly Block[];
  readonly workflow?: readonly WorkflowStep[];
  /** The template's `flow:`: blocks then run as the program says, not in file order. */
  readonly flow?: CompiledFlow;
  readonly variables: readonly (readonly [string, string])[];
  readonly constants: readonly (readonly [string, string])[];
  readonly selfContained: boolean;
  readonly stopAtFirstMatch: boolean;
  readonly needsInteractsh: boolean;
  /** `{{randstr}}`: fixed at load, identical across targets (Nuclei uses a KSUID). */
  readonly randstr: string;
  readonly protocols: readonly ScanProtocol[];
}

/** A template with `fuzzing:` rules in an http or headless block: a DAST template (`-dast`). */
export function isFuzzingTemplate(t: CompiledTemplate): boolean {
  return t.blocks.some(
    (b) => (b.protocol === 'http' || b.protocol === 'headless') && b.fuzzing !== undefined,
  );
}

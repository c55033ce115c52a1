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

/** A `code:` block (nuclei pkg/protocols/code): a local interpreter runs `source`. */
export interface CodeBlock extends BlockBase {
  readonly protocol: 'code';
  /** Interpreters tried in order, the first found on PATH runs (`bash`, `sh`, `python3`). */
  readonly engine: readonly string[];
  readonly args: readonly string[];
  /** The source itself (a one-line file name is read at load, relative to the template). */
  readonly source: string;
  /** nuclei's temporary file name pattern (`*.ps1`): the file's extension. */
  readonly pattern?: string;
  readonly preCondition?: string;
  readonly sandbox?: { readonly image?: string; readonly workingDir?: string };
}

/** A `file:` block (nuclei pkg/protocols/file): files under the input path, matched line by line. */
export interface FileBlock extends BlockBase {
  readonly protocol: 'file';
  /** Extensions with their dot (`.env`); empty with `allExtensions`: every file. */
  readonly extensions: ReadonlySet<string>;
  readonly allExtensions: boolean;
  /** nuclei's default denylist (archives too unless `archive: true`) and the template's own. */
  readonly denyList: ReadonlySet<string>;
  /** Bytes read of one file (`max-size`, decimal units as go-units; nuclei's default 1 GB). */
  readonly maxSize: number;
  readonly archive: boolean;
  readonly noRecursive: boolean;
  /** A matcher with `condition: and` (or the block's): the whole file is one chunk, as nuclei. */
  readonly wholeFile: boolean;
}

export type Block =
  | HttpBlock
  | DnsBlock
  | TcpBlock
  | SslBlock
  | JavascriptBlock
  | HeadlessBlock
  | CodeBlock
  | FileBlock;

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

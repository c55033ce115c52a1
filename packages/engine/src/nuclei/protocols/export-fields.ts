import type { DslValue } from '../dsl/values.js';
import type { TemplateRun } from '../scan/context.js';
import type { Block, CompiledTemplate } from '../template-model.js';

// nuclei's templateTypes.SupportedProtocolsStrings(): a key that starts with one of these was
// exported by an earlier block and is kept as it is.
const PROTOCOL_NAMES = [
  'dns',
  'file',
  'http',
  'headless',
  'tcp',
  'workflow',
  'ssl',
  'websocket',
  'whois',
  'code',
  'javascript',
];
const inherited = (key: string) => PROTOCOL_NAMES.some((p) => key.startsWith(p));

const shares = new WeakMap<CompiledTemplate, boolean>();

/**
 * Whether a template keeps its blocks' response fields for later blocks: nuclei does it for
 * multi-protocol templates and flows only (ExecutorOptions.AddTemplateVars is a no-op otherwise).
 * Worked out once per template; single-block templates (most) never pay for an export.
 */
export function exportsFields(template: CompiledTemplate): boolean {
  if (template.blocks.length < 2 && !template.flow) return false;
  let yes = shares.get(template);
  if (yes === undefined) {
    yes = !!template.flow || new Set(template.blocks.map((b) => b.protocol)).size > 1;
    shares.set(template, yes);
  }
  return yes;
}

/**
 * nuclei's AddTemplateVars: every field of a block's response is kept in the template's state as
 * `<id>_<field>` (the block's `id`), else `<protocol>_<field>` (`dns_cname`, `ssl_issuer_dn`,
 * `tcp_data`, `http_x_token` for an `X-Token` header), so the block's own operators and every
 * later block can read it.
 */
export function exportFields(run: TemplateRun, block: Block, fields: Iterable<[string, DslValue]>): void {
  const prefix = `${block.id ?? block.protocol}_`;
  for (const [key, value] of fields) {
    if (inherited(key)) run.state.set(key, value);
    else if (key !== 'template-id' && key !== 'template-info' && key !== 'template-path')
      run.state.set(prefix + key, value);
  }
}

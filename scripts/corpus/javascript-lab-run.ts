/**
 * `node --conditions=didban-source --import tsx scripts/corpus/javascript-lab-run.ts <templates-dir>`:
 * runs every javascript template of a nuclei-templates checkout that compiles against loopback — the
 * machine's Redis, PostgreSQL and MariaDB on 127.0.0.1, the lab's SSH, SMB, MSSQL, Oracle, RDP and
 * LDAP stand-ins for the templates of those modules — and prints one line per template (finding, skipped, failure with its
 * message, or no finding), then the counts. The figures in docs/corpus.md come from it.
 */
import { resolve } from 'node:path';
import { loadTemplateFiles, runTemplates } from '../../packages/engine/src/index.js';
import type { CompiledTemplate } from '../../packages/engine/src/nuclei/template-model.js';
import { startProtocolServices } from '../lab/src/protocols/index.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: javascript-lab-run.ts <templates-dir>');
  process.exit(2);
}
const root = resolve(dir);
const lab = await startProtocolServices();
const services = lab.targets();
const loaded = loadTemplateFiles([resolve(root, 'javascript')], { templatesRoot: root });
const modules = (t: CompiledTemplate) =>
  [...new Set(t.blocks.flatMap((b) => (b.protocol === 'javascript' ? b.modules : [])))].join(',');
// A template of a module with a lab stand-in targets it (host:port); the rest the machine's own
// services on their usual ports.
const targetOf = (t: CompiledTemplate) => {
  const m = modules(t);
  const service = (['ssh', 'smb', 'mssql', 'oracle', 'rdp', 'ldap'] as const).find((s) => m.includes(s));
  return service ? services[service] : '127.0.0.1';
};
const outcome = new Map<string, string>();
for (const target of new Set(loaded.templates.map(targetOf))) {
  const templates = loaded.templates.filter((t) => targetOf(t) === target);
  for await (const e of runTemplates({ templates, targets: [target] })) {
    if (e.type === 'finding') outcome.set(e.finding.templateId, 'finding');
    else if (e.type === 'skipped') outcome.set(e.templateId!, `skipped: ${e.reason}`);
    else if (!outcome.has(e.templateId)) outcome.set(e.templateId, `failure: ${e.message}`);
  }
}
const counts = new Map<string, number>();
for (const t of loaded.templates) {
  const state = outcome.get(t.id) ?? 'no finding';
  const kind = state.split(':')[0]!;
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  console.log(`${t.path?.slice(root.length + 1)}\t${modules(t)}\t${state.slice(0, 160)}`);
}
for (const r of loaded.rejected) {
  counts.set('refused', (counts.get('refused') ?? 0) + 1);
  console.log(`${r.path?.slice(root.length + 1)}\trefused\t${r.reason}`);
}
console.log([...counts].map(([k, n]) => `${k}: ${n}`).join(', '));
await lab.stop();
process.exit(0);

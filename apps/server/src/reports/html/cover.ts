/** The cover: title, workspace, scope, period, filters, when and by whom. */
import type { Lang } from '@didban/core';
import { dateTime, day, esc, ltr } from '../report-format.js';
import { label, severityName, statusName } from '../report-labels.js';
import type { ReportScope } from '../report-scope.js';

export type CoverInput = {
  lang: Lang;
  title: string;
  workspaceName: string;
  scope: ReportScope;
  generatedAt: Date;
  generatedBy: string | null;
};

export function coverHtml(c: CoverInput): string {
  const { lang, scope } = c;
  const r = scope.record;
  const kind = label(
    scope.kind === 'scan_run' ? 'scope_scan_run' : scope.kind === 'group' ? 'scope_group' : 'scope_workspace',
    lang,
  );
  const scopeText = r.label ? `${esc(kind)}: <bdi>${esc(r.label)}</bdi>` : esc(kind);
  const period =
    r.since || r.until
      ? `${r.since ? day(r.since, lang) : '…'} – ${r.until ? day(r.until, lang) : '…'}`
      : label('all_time', lang);
  const filters = [
    ...(r.severity ?? []).map((s) => severityName(s, lang)),
    ...(r.status ?? []).map((s) => statusName(s, lang)),
    ...(r.search ? [`«${ltr(r.search)}»`] : []),
  ];
  const by = c.generatedBy ? `<bdi>${esc(c.generatedBy)}</bdi>` : esc(label('scheduled', lang));
  return `<section class="cover" id="cover">
<h1>${esc(c.title)}</h1>
<dl>
<dt>${esc(label('workspace', lang))}</dt><dd><bdi>${esc(c.workspaceName)}</bdi></dd>
<dt>${esc(label('scope', lang))}</dt><dd>${scopeText}</dd>
<dt>${esc(label('period', lang))}</dt><dd>${esc(period)}</dd>
${filters.length ? `<dt>${esc(label('filters', lang))}</dt><dd>${filters.map((f) => (f.startsWith('«') ? f : esc(f))).join('، ')}</dd>` : ''}
<dt>${esc(label('generated_at', lang))}</dt><dd>${esc(dateTime(c.generatedAt, lang))}</dd>
<dt>${esc(label('generated_by', lang))}</dt><dd>${by}</dd>
</dl>
</section>
`;
}

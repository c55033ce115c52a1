/** The executive summary: totals by severity and status, changes since the last report, SLA, top risks. */
import type { Lang } from '@didban/core';
import type { ReportFacts } from '../report-facts.js';
import { dateTime, esc, ltr, num } from '../report-format.js';
import {
  label,
  SEVERITY_COLOR,
  SEVERITY_ORDER,
  STATUS_ORDER,
  severityName,
  statusName,
} from '../report-labels.js';

export const severityBadge = (severity: string, lang: Lang) =>
  `<span class="sev" style="background:${SEVERITY_COLOR[severity] ?? SEVERITY_COLOR.unknown}">${esc(severityName(severity, lang))}</span>`;

const signed = (n: number, lang: Lang) =>
  n > 0 ? `+${num(n, lang)}` : n < 0 ? `−${num(-n, lang)}` : num(0, lang);

export function summaryHtml(f: ReportFacts, lang: Lang): string {
  const s = f.summary;
  const card = (title: string, n: number, color?: string) =>
    `<div class="card"${color ? ` style="border-inline-start:4px solid ${color}"` : ''}>${esc(title)}<b>${num(n, lang)}</b></div>`;
  const severities = SEVERITY_ORDER.filter((k) => k !== 'unknown' || s.by_severity[k]);
  const changes = f.changes
    ? `<p class="muted">${esc(label('previous_on', lang))}: ${esc(dateTime(f.changes.previousAt, lang))}</p>
<div class="cards">${card(label('new_findings', lang), f.changes.newFindings)}${card(label('fixed_findings', lang), f.changes.fixedFindings)}<div class="card">${esc(label('total_change', lang))}<b>${signed(s.total - f.changes.previousTotal, lang)}</b></div></div>`
    : `<p class="muted">${esc(label('no_previous', lang))}</p>`;
  const sla =
    f.slaBreaches === null
      ? `<p class="muted">${esc(label('sla_unavailable', lang))}</p>`
      : f.slaBreaches === 0
        ? `<p>${esc(label('sla_none', lang))}</p>`
        : `<div class="cards">${card(label('sla_count', lang), f.slaBreaches, SEVERITY_COLOR.high)}</div>`;
  const risks = f.topRisks.length
    ? `<table><thead><tr><th>${esc(label('name', lang))}</th><th>${esc(label('severity', lang))}</th><th>${esc(label('affected_assets', lang))}</th></tr></thead><tbody>${f.topRisks
        .map(
          (r) =>
            `<tr><td><bdi>${esc(r.template_name)}</bdi><br><span class="muted">${ltr(r.template_id)}</span></td><td>${severityBadge(r.severity, lang)}</td><td class="n">${num(r.assets, lang)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p class="muted">${esc(label('none', lang))}</p>`;
  return `<section id="summary">
<h2>${esc(label('summary', lang))}</h2>
<div class="cards">${card(label('total_findings', lang), s.total)}</div>
<h3>${esc(label('by_severity', lang))}</h3>
<div class="cards">${severities.map((k) => card(severityName(k, lang), s.by_severity[k] ?? 0, SEVERITY_COLOR[k])).join('')}</div>
<h3>${esc(label('by_status', lang))}</h3>
<div class="cards">${STATUS_ORDER.map((k) => card(statusName(k, lang), s.by_status[k] ?? 0)).join('')}</div>
<h3>${esc(label('changes', lang))}</h3>
${changes}
<h3>${esc(label('sla', lang))}</h3>
${sla}
<h3>${esc(label('top_risks', lang))}</h3>
${risks}
</section>
`;
}

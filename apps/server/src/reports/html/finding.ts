/** One finding as the technical report prints it. */
import type { Lang } from '@didban/core';
import { dateTime, day, esc, ltr } from '../report-format.js';
import { label, SEVERITY_COLOR, statusName } from '../report-labels.js';
import type { ReportFinding } from '../stream-findings.js';
import { severityBadge } from './summary.js';

const SAFE_LINK = /^https?:\/\//i;

export function findingHtml(f: ReportFinding, index: string, lang: Lang): string {
  const asset = f.port ? `${f.host}:${f.port}` : f.host;
  // References print as text, not links: a report is opened offline and must not call out.
  const refs = f.references.filter((r) => SAFE_LINK.test(r));
  const history = f.history.length
    ? `<h4>${esc(label('history', lang))}</h4><ul class="refs">${f.history
        .map(
          (h) =>
            `<li>${esc(dateTime(h.at, lang))} — ${esc(statusName(h.status, lang))} ${esc(label('by', lang))} <bdi>${esc(h.by_name ?? label('system', lang))}</bdi></li>`,
        )
        .join('')}</ul>`
    : '';
  // Trailing blank lines (a request's closing CRLFs) show nothing and would print as empty lines.
  const evidence = (title: 'request' | 'response', text: string | null, trimmed: boolean) =>
    text
      ? `<h4>${esc(label(title, lang))}${trimmed ? ` <span class="muted">${esc(label('trimmed', lang))}</span>` : ''}</h4><pre>${esc(text.trimEnd())}</pre>`
      : '';
  return `<article class="finding" style="border-inline-start-color:${SEVERITY_COLOR[f.severity] ?? SEVERITY_COLOR.unknown}">
<h3>${esc(index)}. <bdi>${esc(f.template_name)}</bdi> ${severityBadge(f.severity, lang)}</h3>
<dl>
<dt>${esc(label('asset', lang))}</dt><dd>${ltr(asset)}</dd>
<dt>${esc(label('matched_at', lang))}</dt><dd>${ltr(f.matched_at)}</dd>
<dt>${esc(label('template', lang))}</dt><dd>${ltr(f.template_id)}</dd>
<dt>${esc(label('status', lang))}</dt><dd>${esc(statusName(f.status, lang))}</dd>
<dt>${esc(label('first_seen', lang))}</dt><dd>${esc(day(f.first_seen_at, lang))}</dd>
<dt>${esc(label('last_seen', lang))}</dt><dd>${esc(day(f.last_seen_at, lang))}</dd>
</dl>
${f.description ? `<h4>${esc(label('description', lang))}</h4><p dir="auto">${esc(f.description)}</p>` : ''}
${f.remediation ? `<h4>${esc(label('remediation', lang))}</h4><p dir="auto">${esc(f.remediation)}</p>` : ''}
${refs.length ? `<h4>${esc(label('references', lang))}</h4><ul class="refs">${refs.map((r) => `<li>${ltr(r)}</li>`).join('')}</ul>` : ''}
${evidence('request', f.request, f.request_trimmed)}
${evidence('response', f.response, f.response_trimmed)}
${history}
</article>
`;
}

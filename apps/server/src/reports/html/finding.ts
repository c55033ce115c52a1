/**
 * The technical report's findings, grouped by template: a template's heading (name, severity, id,
 * description, remediation, references — printed once) above each of its findings as a compact
 * entry (matched URL, asset, status, first and last seen, evidence, triage history). A template's
 * findings come one after another (stream-findings orders them), so grouping needs no memory.
 * The HTML report prints the evidence as read (800 characters); the PDF caps it for print
 * (PRINT_EVIDENCE) and says so under the block, as Chromium's print time grows with the text laid out.
 */
import type { Lang } from '@didban/core';
import { dateTime, day, esc, ltr, num } from '../report-format.js';
import { label, SEVERITY_COLOR, statusName } from '../report-labels.js';
import type { ReportFinding } from '../stream-findings.js';
import { severityBadge } from './summary.js';

const SAFE_LINK = /^https?:\/\//i;

/** What the PDF prints of each of a finding's request and response: lines and characters. */
export const PRINT_EVIDENCE = { lines: 12, chars: 600 } as const;

/** Evidence cut to at most `lines` lines and `chars` characters; trailing blank lines dropped. */
export function shortenEvidence(
  text: string,
  limit: { lines: number; chars: number } = PRINT_EVIDENCE,
): { text: string; shortened: boolean } {
  // Trailing blank lines (a request's closing CRLFs) show nothing and would print as empty lines.
  const whole = text.trimEnd();
  let cut = whole.length > limit.chars ? whole.slice(0, limit.chars) : whole;
  let at = -1;
  for (let n = 0; n < limit.lines; n++) {
    at = cut.indexOf('\n', at + 1);
    if (at < 0) break;
  }
  if (at >= 0) cut = cut.slice(0, at);
  cut = cut.trimEnd();
  return { text: cut, shortened: cut.length < whole.length };
}

/** A template's heading above its findings; `continued` when a PDF slice starts inside the group. */
export function templateHeadHtml(f: ReportFinding, count: number, lang: Lang, continued = false): string {
  const color = SEVERITY_COLOR[f.severity] ?? SEVERITY_COLOR.unknown;
  const title = `<h3><bdi>${esc(f.template_name)}</bdi> ${severityBadge(f.severity, lang)}${continued ? ` <span class="muted">${esc(label('continued', lang))}</span>` : ''}</h3>`;
  const facts = `<p class="tpl-facts"><span>${esc(label('template', lang))}: ${ltr(f.template_id)}</span> <span>${esc(label('occurrences', lang))}: ${esc(num(count, lang))}</span></p>`;
  if (continued)
    return `<div class="tpl tpl-cont" style="border-inline-start-color:${color}">\n${title}\n${facts}\n</div>\n`;
  // References print as text, not links: a report is opened offline and must not call out.
  const refs = f.references.filter((r) => SAFE_LINK.test(r));
  return `<div class="tpl" style="border-inline-start-color:${color}">
${title}
${facts}
${f.description ? `<h4>${esc(label('description', lang))}</h4><p dir="auto">${esc(f.description)}</p>` : ''}
${f.remediation ? `<h4>${esc(label('remediation', lang))}</h4><p dir="auto">${esc(f.remediation)}</p>` : ''}
${refs.length ? `<h4>${esc(label('references', lang))}</h4><ul class="refs">${refs.map((r) => `<li>${ltr(r)}</li>`).join('')}</ul>` : ''}
</div>
`;
}

/** One finding of the template above it; `print` caps its evidence for the PDF. */
export function findingHtml(f: ReportFinding, index: string, lang: Lang, print = false): string {
  const asset = f.port ? `${f.host}:${f.port}` : f.host;
  const history = f.history.length
    ? `<h4>${esc(label('history', lang))}</h4><ul class="refs">${f.history
        .map(
          (h) =>
            `<li>${esc(dateTime(h.at, lang))} — ${esc(statusName(h.status, lang))} ${esc(label('by', lang))} <bdi>${esc(h.by_name ?? label('system', lang))}</bdi></li>`,
        )
        .join('')}</ul>`
    : '';
  let shortened = false;
  const evidence = (title: 'request' | 'response', text: string | null, trimmed: boolean) => {
    if (!text) return '';
    let shown = text.trimEnd();
    if (print) {
      const cut = shortenEvidence(shown);
      shown = cut.text;
      shortened ||= cut.shortened;
    }
    return `<div class="ev"><h4>${esc(label(title, lang))}${trimmed ? ` <span class="muted">${esc(label('trimmed', lang))}</span>` : ''}</h4><pre>${esc(shown)}</pre></div>`;
  };
  const request = evidence('request', f.request, f.request_trimmed);
  const response = evidence('response', f.response, f.response_trimmed);
  const fact = (key: 'asset' | 'status' | 'first_seen' | 'last_seen', value: string) =>
    `<span><span class="muted">${esc(label(key, lang))}:</span> ${value}</span>`;
  return `<article class="finding" style="border-inline-start-color:${SEVERITY_COLOR[f.severity] ?? SEVERITY_COLOR.unknown}">
<p class="at"><b>${esc(index)}.</b> ${ltr(f.matched_at)}</p>
<p class="facts">${fact('asset', ltr(asset))} ${fact('status', esc(statusName(f.status, lang)))} ${fact('first_seen', esc(day(f.first_seen_at, lang)))} ${fact('last_seen', esc(day(f.last_seen_at, lang)))}</p>
${request}${response}${shortened ? `<p class="ev-note muted">${esc(label('evidence_shortened', lang))}</p>` : ''}
${history}
</article>
`;
}

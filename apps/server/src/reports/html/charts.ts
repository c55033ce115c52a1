/**
 * Charts as inline SVG (no script, no external file): a severity bar chart, new findings over time
 * (stacked by severity) and hosts/open ports over time (two lines). Labels in the report's digits
 * and calendar; in Persian the time axis runs right to left, as the text does.
 */
import type { Lang } from '@didban/core';
import type { ReportFacts, SeriesPoint } from '../report-facts.js';
import { axisDay, esc, num } from '../report-format.js';
import { label, SEVERITY_COLOR, SEVERITY_ORDER, severityName } from '../report-labels.js';

const W = 640;
const FONT = `font-family="Vazirmatn Variable, Vazirmatn, Tahoma, sans-serif"`;

function severityBars(f: ReportFacts, lang: Lang): string {
  const rows = SEVERITY_ORDER.filter((s) => s !== 'unknown' || f.summary.by_severity[s]);
  const max = Math.max(1, ...rows.map((s) => f.summary.by_severity[s] ?? 0));
  const rowH = 26;
  const labelW = 90;
  const barMax = W - labelW - 70;
  const rtl = lang === 'fa';
  const bars = rows
    .map((s, i) => {
      const n = f.summary.by_severity[s] ?? 0;
      const w = Math.round((n / max) * barMax);
      const y = i * rowH + 4;
      const barX = rtl ? W - labelW - w : labelW;
      const labelX = rtl ? W - 4 : 4;
      const valueX = rtl ? barX - 6 : barX + w + 6;
      return `<text x="${labelX}" y="${y + 15}" font-size="12" text-anchor="${rtl ? 'end' : 'start'}" ${FONT}>${esc(severityName(s, lang))}</text>
<rect x="${barX}" y="${y}" width="${Math.max(w, 1)}" height="18" rx="3" fill="${SEVERITY_COLOR[s]}"/>
<text x="${valueX}" y="${y + 15}" font-size="12" text-anchor="${rtl ? 'end' : 'start'}" ${FONT}>${num(n, lang)}</text>`;
    })
    .join('\n');
  const h = rows.length * rowH + 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" direction="ltr" viewBox="0 0 ${W} ${h}" role="img" aria-label="${esc(label('chart_severity', lang))}">${bars}</svg>`;
}

/** x positions of n points, mirrored in Persian. */
const xs = (n: number, left: number, right: number, rtl: boolean) =>
  Array.from({ length: n }, (_, i) => {
    const t = n === 1 ? 0.5 : i / (n - 1);
    return rtl ? right - t * (right - left) : left + t * (right - left);
  });

function axis(
  points: SeriesPoint[],
  x: number[],
  max: number,
  top: number,
  bottom: number,
  lang: Lang,
  rtl: boolean,
) {
  const ticks = [0, Math.ceil(max / 2), max];
  const yOf = (v: number) => bottom - (v / max) * (bottom - top);
  const gridX1 = rtl ? 10 : 50;
  const gridX2 = rtl ? W - 50 : W - 10;
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${gridX1}" x2="${gridX2}" y1="${yOf(t)}" y2="${yOf(t)}" stroke="#e5e7eb"/><text x="${rtl ? W - 6 : 44}" y="${yOf(t) + 4}" font-size="10" text-anchor="end" ${FONT} fill="#6b7280">${num(t, lang)}</text>`,
    )
    .join('');
  const every = Math.max(1, Math.ceil(points.length / 8));
  const labels = points
    .map((p, i) =>
      i % every === 0 || i === points.length - 1
        ? `<text x="${x[i]}" y="${bottom + 16}" font-size="10" text-anchor="middle" ${FONT} fill="#6b7280">${esc(axisDay(p.at, lang))}</text>`
        : '',
    )
    .join('');
  return { grid: grid + labels, yOf };
}

function findingsOverTime(points: SeriesPoint[], lang: Lang): string {
  if (!points.length) return `<p class="muted">${esc(label('no_data', lang))}</p>`;
  const rtl = lang === 'fa';
  const top = 10;
  const bottom = 200;
  const max = Math.max(1, ...points.map((p) => p.values.reduce((a, b) => a + b, 0)));
  const x = xs(points.length, rtl ? 20 : 60, rtl ? W - 60 : W - 20, rtl);
  const { grid, yOf } = axis(points, x, max, top, bottom, lang, rtl);
  const barW = Math.max(2, Math.min(28, ((W - 80) / points.length) * 0.7));
  const colors = SEVERITY_ORDER.slice(0, 5).map((s) => SEVERITY_COLOR[s]);
  const bars = points
    .map((p, i) => {
      let acc = 0;
      return p.values
        .map((v, k) => {
          if (!v) return '';
          const y1 = yOf(acc + v);
          const y0 = yOf(acc);
          acc += v;
          return `<rect x="${x[i]! - barW / 2}" y="${y1}" width="${barW}" height="${y0 - y1}" fill="${colors[k]}"/>`;
        })
        .join('');
    })
    .join('');
  const legend = SEVERITY_ORDER.slice(0, 5)
    .map((s) => `<span><i style="background:${SEVERITY_COLOR[s]}"></i>${esc(severityName(s, lang))}</span>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" direction="ltr" viewBox="0 0 ${W} ${bottom + 24}" role="img" aria-label="${esc(label('chart_findings_time', lang))}">${grid}${bars}</svg><div class="legend">${legend}</div>`;
}

function assetsOverTime(points: SeriesPoint[], lang: Lang): string {
  if (!points.length) return `<p class="muted">${esc(label('no_data', lang))}</p>`;
  const rtl = lang === 'fa';
  const top = 10;
  const bottom = 180;
  const max = Math.max(1, ...points.flatMap((p) => p.values));
  const x = xs(points.length, rtl ? 20 : 60, rtl ? W - 60 : W - 20, rtl);
  const { grid, yOf } = axis(points, x, max, top, bottom, lang, rtl);
  const colors = ['#0f766e', '#7c3aed'];
  const lines = [0, 1]
    .map((k) => {
      const pts = points.map((p, i) => `${x[i]!.toFixed(1)},${yOf(p.values[k] ?? 0).toFixed(1)}`);
      const dots = points
        .map(
          (p, i) =>
            `<circle cx="${x[i]!.toFixed(1)}" cy="${yOf(p.values[k] ?? 0).toFixed(1)}" r="3" fill="${colors[k]}"/>`,
        )
        .join('');
      return `<polyline fill="none" stroke="${colors[k]}" stroke-width="2" points="${pts.join(' ')}"/>${dots}`;
    })
    .join('');
  const legend = `<span><i style="background:${colors[0]}"></i>${esc(label('hosts', lang))}</span><span><i style="background:${colors[1]}"></i>${esc(label('open_ports', lang))}</span>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" direction="ltr" viewBox="0 0 ${W} ${bottom + 24}" role="img" aria-label="${esc(label('chart_assets_time', lang))}">${grid}${lines}</svg><div class="legend">${legend}</div>`;
}

export function chartsHtml(f: ReportFacts, lang: Lang): string {
  return `<section id="charts">
<h2>${esc(label('charts', lang))}</h2>
<div class="chart"><h3>${esc(label('chart_severity', lang))}</h3>${severityBars(f, lang)}</div>
<div class="chart"><h3>${esc(label('chart_findings_time', lang))}</h3>${findingsOverTime(f.findingsOverTime, lang)}</div>
<div class="chart"><h3>${esc(label('chart_assets_time', lang))}</h3>${assetsOverTime(f.assetsOverTime, lang)}</div>
</section>
`;
}

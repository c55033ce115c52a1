/** The report's page frame: <head> with the embedded font and print styles, and the closing tags. */
import type { Lang } from '@didban/core';
import { esc } from '../report-format.js';
import { embeddedFontCss } from './embedded-font.js';

const STYLE = `
@page { size: A4; margin: 16mm 14mm 18mm; @bottom-center { content: counter(page) " / " counter(pages); font-size: 8pt; color: #6b7280; } }
* { box-sizing: border-box; }
html { font-family: "Vazirmatn Variable", Vazirmatn, Tahoma, sans-serif; font-size: 10.5pt; color: #111827; line-height: 1.6; }
body { margin: 0; }
main { max-width: 190mm; margin: 0 auto; padding: 8mm 0; }
h1 { font-size: 22pt; margin: 0 0 6mm; }
h2 { font-size: 15pt; margin: 8mm 0 3mm; border-block-end: 2px solid #e5e7eb; padding-block-end: 1mm; break-after: avoid; }
h3 { font-size: 12pt; margin: 4mm 0 2mm; break-after: avoid; }
section.cover { min-height: 240mm; display: flex; flex-direction: column; justify-content: center; break-after: page; }
.cover dl { display: grid; grid-template-columns: max-content 1fr; gap: 2mm 6mm; margin: 0; }
.cover dt { color: #6b7280; }
.cover dd { margin: 0; font-weight: 600; }
.cards { display: flex; flex-wrap: wrap; gap: 3mm; }
.card { border: 1px solid #e5e7eb; border-radius: 2mm; padding: 2mm 4mm; min-width: 28mm; }
.card b { display: block; font-size: 16pt; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0; }
th, td { border-block-end: 1px solid #e5e7eb; padding: 1.2mm 2mm; text-align: start; vertical-align: top; }
th { color: #374151; font-weight: 600; background: #f9fafb; }
td.n { text-align: end; font-variant-numeric: tabular-nums; }
.sev { display: inline-block; color: #fff; border-radius: 1mm; padding: 0 2mm; font-size: 9pt; font-weight: 600; }
.chart { break-inside: avoid; margin: 3mm 0; }
.chart svg { width: 100%; height: auto; }
.legend span { margin-inline-end: 4mm; font-size: 9pt; }
.legend i { display: inline-block; width: 3mm; height: 3mm; margin-inline-end: 1mm; vertical-align: middle; }
div.tpl { border: 1px solid #e5e7eb; border-inline-start-width: 4px; border-radius: 1.5mm; background: #f9fafb; padding: 2mm 4mm; margin: 5mm 0 2mm; break-after: avoid; }
div.tpl h3 { margin: 0 0 1mm; }
div.tpl h4 { margin: 2mm 0 0.5mm; }
div.tpl p { margin: 0 0 1mm; }
p.tpl-facts span, p.facts > span { margin-inline-end: 4mm; white-space: nowrap; }
p.tpl-facts bdi, p.facts bdi { white-space: normal; overflow-wrap: anywhere; }
article.finding { border-inline-start: 3px solid #e5e7eb; padding: 1mm 3mm; margin: 2mm 0 2mm 0; margin-inline-start: 3mm; }
article.finding p { margin: 0; overflow-wrap: anywhere; }
article.finding p.facts { font-size: 9pt; }
article.finding h4 { font-size: 9pt; margin: 1mm 0 0; color: #374151; }
pre { direction: ltr; text-align: left; unicode-bidi: isolate; white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 8pt; background: #f3f4f6; border-radius: 1mm; padding: 2mm; margin: 1mm 0; max-height: none; }
.muted { color: #6b7280; }
bdi { unicode-bidi: isolate; }
ul.refs { margin: 0; padding-inline-start: 5mm; }
ul.refs li { overflow-wrap: anywhere; }
@media screen { body { background: #f3f4f6; } main { background: #fff; padding: 12mm; margin: 6mm auto; box-shadow: 0 1px 3px #0002; } }
`;

/**
 * Printed findings, denser than on screen, as Chromium's print time grows with the pages and the
 * text laid out (docs/benchmarks.md): tighter template headings and entries, and each evidence
 * block beside its label instead of under it (the PDF also caps the evidence: html/finding.ts).
 */
const PRINT = `@media print {
div.tpl { line-height: 1.45; padding: 1.5mm 3mm; margin: 3mm 0 1mm; }
div.tpl h4 { font-size: 9.5pt; margin: 1mm 0 0; break-after: avoid; }
article.finding { line-height: 1.4; padding: 0.5mm 2.5mm; margin: 1.5mm 0; margin-inline-start: 2mm; }
article.finding p.facts { font-size: 8.5pt; }
article.finding div.ev { display: grid; grid-template-columns: 13mm 1fr; column-gap: 2mm; }
article.finding div.ev h4 { font-size: 8pt; margin: 0.5mm 0 0; }
article.finding p.ev-note { font-size: 8pt; }
pre { font-size: 7.5pt; line-height: 1.35; padding: 1mm 2mm; margin: 0.5mm 0; }
}
`;

/** A PDF slice's pages carry no number of their own: the joined file is numbered as a whole. */
const NO_FOOTER = '@page { @bottom-center { content: none; } }\n';

/**
 * Open the document. The Content-Security-Policy forbids every fetch (default-src 'none'; fonts
 * and images only as data: URIs), so opening the file cannot reach the network even if a finding's
 * text held a link or markup that escaped our escaping.
 */
export function documentStart(lang: Lang, title: string, o: { pageFooter?: boolean } = {}): string {
  const dir = lang === 'fa' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Didban">
<title>${esc(title)}</title>
<style>${embeddedFontCss()}${STYLE}${PRINT}${o.pageFooter === false ? NO_FOOTER : ''}</style>
</head>
<body>
<main>
`;
}

export const documentEnd = () => '</main>\n</body>\n</html>\n';

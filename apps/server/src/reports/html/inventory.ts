/** The inventory summary: hosts, open ports (host:port pairs), the commonest ports and technologies. */
import type { Lang } from '@didban/core';
import type { ReportFacts } from '../report-facts.js';
import { esc, num } from '../report-format.js';
import { label } from '../report-labels.js';

export function inventoryHtml(f: ReportFacts, lang: Lang): string {
  const inv = f.inventory;
  const ports = inv.topPorts.length
    ? `<table><thead><tr><th>${esc(label('port', lang))}</th><th>${esc(label('count', lang))}</th></tr></thead><tbody>${inv.topPorts
        .map((p) => `<tr><td><bdi dir="ltr">${p.port}</bdi></td><td class="n">${num(p.n, lang)}</td></tr>`)
        .join('')}</tbody></table>`
    : `<p class="muted">${esc(label('none', lang))}</p>`;
  const tech = inv.technologies.length
    ? `<table><thead><tr><th>${esc(label('name', lang))}</th><th>${esc(label('count', lang))}</th></tr></thead><tbody>${inv.technologies
        .map((t) => `<tr><td><bdi>${esc(t.name)}</bdi></td><td class="n">${num(t.n, lang)}</td></tr>`)
        .join('')}</tbody></table>`
    : `<p class="muted">${esc(label('none', lang))}</p>`;
  return `<section id="inventory">
<h2>${esc(label('inventory', lang))}</h2>
<div class="cards"><div class="card">${esc(label('hosts', lang))}<b>${num(inv.hosts, lang)}</b></div><div class="card">${esc(label('open_ports', lang))}<b>${num(inv.ports, lang)}</b></div></div>
<h3>${esc(label('top_ports', lang))}</h3>
${ports}
<h3>${esc(label('technologies', lang))}</h3>
${tech}
</section>
`;
}

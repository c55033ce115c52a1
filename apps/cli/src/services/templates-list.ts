import { pageThrough, TEMPLATE_SCOPES, type TemplateItem } from '@didban/core';
import type { Context } from '../context.js';
import { renderTable } from '../output/table.js';
import { commaList } from './comma-list.js';
import { requireSession } from './require-session.js';

export type TemplateListFlags = {
  tags?: string;
  search?: string;
  severity?: string;
  scope?: string;
  json?: boolean;
};

/**
 * `templates list`: the server's public library and my workspace's templates, every page. The
 * `id` column is what `scans start --template` takes (a bare public id works there too).
 * @example didban templates list --tags exposure --json | jq -r '.results[].id'
 */
export async function listTemplatesCommand(ctx: Context, flags: TemplateListFlags): Promise<void> {
  const scope = commaList(flags.scope, TEMPLATE_SCOPES, '--scope');
  requireSession(ctx);
  const api = ctx.api();
  const rows: TemplateItem[] = [];
  const pages = pageThrough((page) =>
    api.templates.list({
      page,
      page_size: 100,
      ...(scope?.length === 1 ? { scope: scope[0] } : {}),
      ...(flags.tags ? { tag: flags.tags } : {}),
      ...(flags.search ? { search: flags.search } : {}),
      ...(flags.severity ? { severity: flags.severity } : {}),
    }),
  );
  for await (const t of pages) rows.push(t);
  if (flags.json) return ctx.json({ results: rows, result_count: rows.length });
  if (rows.length === 0) return ctx.out(ctx.t('templates.none'));
  ctx.out(
    renderTable(
      [
        ctx.t('table.id'),
        ctx.t('table.severity'),
        ctx.t('table.name'),
        ctx.t('table.tags'),
        ctx.t('table.source'),
      ],
      rows.map((t) => [
        t.id,
        t.severity,
        t.name,
        t.tags.join(','),
        t.runnable ? t.source : `${t.source} (not runnable)`,
      ]),
      ctx.color,
    ),
  );
  ctx.err(ctx.t('templates.count', { count: rows.length }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `--template git-config-exposure` means the public one: the server names those
 * `public:<id>`; my own templates keep their uuid.
 */
export const serverTemplateId = (id: string) => (UUID.test(id) || id.includes(':') ? id : `public:${id}`);

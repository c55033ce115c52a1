import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type ApiClient,
  type Asset,
  type AssetFilters,
  allAssetsQuery,
  assetSchema,
  envelope,
  initialAssetListState,
  isAssetFilterKey,
  pagedList,
  pageThrough,
  pageThroughAssets,
  streamAssetCsv,
} from '@didban/core';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { openSink, writeWithBackpressure } from '../output/sink.js';
import { renderTable } from '../output/table.js';
import { favourMemoryOverSpeed } from './memory-mode.js';
import { notFoundAs } from './not-found.js';
import { requireSession } from './require-session.js';

export type AssetQueryFlags = {
  group?: string;
  search?: string;
  sort?: string;
  filter?: string[];
};
export type AssetListFlags = AssetQueryFlags & { json?: boolean; page?: number; all?: boolean };
export type AssetExportFlags = AssetQueryFlags & { format: string; out: string };

const LIST_PAGE_SIZE = 25;
/** The server's largest page: fewer round trips for `--all`. */
const STREAM_PAGE_SIZE = 100;
/**
 * Rows per keyset page of an export (the server allows up to 1000): fewer round trips, and a
 * page is still well under a megabyte of JSON, so memory stays flat.
 */
const EXPORT_PAGE_SIZE = 1000;
const inventoryPage = envelope(pagedList(assetSchema));

/**
 * The inventory query built by core's `allAssetsQuery` from `--group/--search/--filter`, plus
 * `--sort` as given and any filter key core does not know, passed on untouched so the server's
 * own `unknown_filter` message (in the user's language) names it.
 */
export function assetQuery(flags: AssetQueryFlags, pageSize: number): Record<string, string> {
  const filters: AssetFilters = {};
  const extra: Record<string, string> = {};
  for (const raw of flags.filter ?? []) {
    const eq = raw.indexOf('=');
    const key = raw.slice(0, eq).trim();
    const values = raw
      .slice(eq + 1)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (eq < 1 || !values.length) throw usageError('usage.bad_filter', { value: raw });
    if (isAssetFilterKey(key)) filters[key] = [...(filters[key] ?? []), ...values];
    else extra[key] = [extra[key], ...values].filter(Boolean).join(',');
  }
  const state = initialAssetListState({
    search: flags.search ?? '',
    pageSize,
    filters,
    groupIds: flags.group ? [flags.group] : [],
  });
  const query = { ...allAssetsQuery(state), ...extra };
  if (flags.sort) query.ordering = flags.sort;
  return query;
}

const fetchPage = (api: ApiClient, query: Record<string, string>, page: number) =>
  api.http.get('panel/all-assets/', inventoryPage, { ...query, page: String(page) }).then((b) => b.data);

/** A group given with `--group` must exist: the server's "not found" beats an empty list. */
async function prepare(ctx: Context, flags: AssetQueryFlags, pageSize: number) {
  const query = assetQuery(flags, pageSize);
  requireSession(ctx);
  const api = ctx.api();
  if (flags.group)
    await api.assets.getGroup(flags.group).catch(notFoundAs('error.unknown_group', flags.group));
  return { api, query };
}

/** The stable `assets list --json` row. */
const assetJson = (a: Asset) => ({
  id: a.id,
  host: a.host,
  port: a.port,
  ip: a.ip,
  status: a.status,
  title: a.title,
  cname: a.cname,
  content_length: a.content_length,
  is_root: a.is_root,
  scanned_count: a.scanned_count,
  group: a.group,
  updated_at: a.updated_at,
  created_at: a.created_at,
  // When a re-discovery stopped seeing it (`--filter gone=true`); null for a live asset.
  gone_at: a.gone_at,
  technologies: a.technologies.map((t) => ({ name: t.platform.name, version: t.version })),
});

/** Cell widths that keep a row within 200 columns (Technologies wrapped every row before). */
const MAX = { host: 48, title: 36, technologies: 48 } as const;

/** Cut to `max` code points with an ellipsis; the full text is in `--json` and the export. */
const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** Technologies that fit `max`: as many as fit whole, then "+N". */
function technologiesCell(names: string[], max: number): string {
  let out = '';
  for (const [i, name] of names.entries()) {
    const more = names.length - i - 1;
    const next = out ? `${out}, ${name}` : name;
    const tail = more > 0 ? ` +${more}` : '';
    if ([...next].length + tail.length > max) return out ? `${out} +${names.length - i}` : clip(name, max);
    out = next;
  }
  return out;
}

function assetRow(ctx: Context, a: Asset): string[] {
  const ips = a.ip
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const shown = ips.slice(0, 2).join(', ');
  return [
    clip(`${a.host}:${a.port}`, MAX.host),
    ips.length > 2 ? `${shown} ${ctx.t('assets.more_ips', { count: ips.length - 2 })}` : shown,
    a.status,
    clip(a.title ?? '', MAX.title),
    technologiesCell(
      a.technologies.map((t) => (t.version ? `${t.platform.name} ${t.version}` : t.platform.name)),
      MAX.technologies,
    ),
  ];
}

/**
 * `assets list`: one page (`{ results, result_count, total_pages, current_page, next_page }`), or
 * with `--all` every page; `--all --json` writes each row as it arrives (`{ results, result_count }`).
 */
export async function listAssetsCommand(ctx: Context, flags: AssetListFlags): Promise<void> {
  if (flags.all && flags.page !== undefined) throw usageError('usage.page_and_all');
  const { t } = ctx;
  const head = [
    t('table.host_port'),
    t('table.ips'),
    t('table.status'),
    t('table.title'),
    t('table.technologies'),
  ];
  if (flags.all) {
    const { api, query } = await prepare(ctx, flags, STREAM_PAGE_SIZE);
    const rows = pageThrough((page) => fetchPage(api, query, page));
    let count = 0;
    if (flags.json) {
      ctx.io.stdout.write('{\n  "results": [');
      for await (const a of rows) {
        await writeWithBackpressure(
          ctx.io.stdout,
          `${count ? ',' : ''}\n    ${JSON.stringify(assetJson(a))}`,
        );
        count++;
      }
      ctx.io.stdout.write(`${count ? '\n  ' : ''}],\n  "result_count": ${count}\n}\n`);
      return;
    }
    // A table needs its column widths, so it is drawn per page of rows.
    let batch: string[][] = [];
    for await (const a of rows) {
      batch.push(assetRow(ctx, a));
      count++;
      if (batch.length === STREAM_PAGE_SIZE) {
        ctx.out(renderTable(head, batch, ctx.color));
        batch = [];
      }
    }
    if (batch.length || !count) ctx.out(renderTable(head, batch, ctx.color));
    return;
  }
  const { api, query } = await prepare(ctx, flags, LIST_PAGE_SIZE);
  const current = flags.page ?? 1;
  const page = await fetchPage(api, query, current);
  if (flags.json) {
    return ctx.json({
      results: page.results.map(assetJson),
      result_count: page.result_count,
      total_pages: page.total_pages,
      current_page: current,
      next_page: page.next_page,
    });
  }
  ctx.out(
    renderTable(
      head,
      page.results.map((a) => assetRow(ctx, a)),
      ctx.color,
    ),
  );
  if (page.total_pages > 1) {
    ctx.err(t('list.page', { page: current, pages: page.total_pages, count: page.result_count }));
  }
}

/**
 * `assets export`: reads the inventory in keyset pages (`cursor`/`next_cursor`, so the 100th page
 * costs the server what the first does) and writes each page to the file as it arrives, so
 * memory stays flat. CSV through core's `streamAssetCsv`; JSON as `{ assets: [...],
 * export_info: { exported_at, total_assets, asset_ids } }` — the spec's keys, with export_info
 * written last because its totals are known only at the end (only the ids are kept meanwhile).
 */
export async function exportAssetsCommand(ctx: Context, flags: AssetExportFlags): Promise<void> {
  if (flags.format !== 'csv' && flags.format !== 'json') {
    throw usageError('usage.bad_format', { value: flags.format });
  }
  const { api, query } = await prepare(ctx, flags, STREAM_PAGE_SIZE);
  favourMemoryOverSpeed();
  const file = await openSink(flags.out, ctx.io.stdout, (error) => reason(error, flags.out));
  // Only the JSON export needs the ids (its export_info); the CSV keeps a count.
  const ids: string[] = [];
  let count = 0;
  try {
    const counted = async function* () {
      const pages = pageThroughAssets((cursor) => api.assets.inventoryAfter(query, cursor, EXPORT_PAGE_SIZE));
      for await (const a of pages) {
        count++;
        if (flags.format === 'json') ids.push(a.id);
        yield a;
      }
    };
    if (flags.format === 'csv') {
      for await (const chunk of streamAssetCsv(counted())) await file.write(chunk);
    } else {
      const exportedAt = new Date().toISOString();
      await file.write('{\n  "assets": [');
      let buffer = '';
      for await (const a of counted()) {
        buffer += `${ids.length > 1 ? ',' : ''}\n    ${JSON.stringify(a)}`;
        if (buffer.length > 64 * 1024) {
          await file.write(buffer);
          buffer = '';
        }
      }
      const info = { exported_at: exportedAt, total_assets: ids.length, asset_ids: ids };
      await file.write(
        `${buffer}${ids.length ? '\n  ' : ''}],\n  "export_info": ${JSON.stringify(info)}\n}\n`,
      );
    }
  } catch (error) {
    // A half-written export is worse than none: a script would take it for the whole inventory.
    await file.discard();
    throw error;
  }
  await file.close();
  // With `--out -` standard output carries the document; the summary goes beside it.
  (file.toStdout ? ctx.err : ctx.out)(
    ctx.t('assets.exported', { count, file: file.toStdout ? 'standard output' : flags.out }),
  );
}

const reason = (error: unknown, file: string) => {
  const code = (error as { code?: string }).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'no such folder';
  if (code === 'EISDIR') return 'is a folder';
  if (code === 'ENOTDIR') return `${notAFolder(file)} is not a folder`;
  return error instanceof Error ? error.message : String(error);
};

/** The nearest ancestor of `file` that exists but is not a folder. */
function notAFolder(file: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      if (!statSync(dir).isDirectory()) return dir;
    } catch {
      // Not there: look further up.
    }
  }
  return dirname(file);
}

import {
  type ApiClient,
  type AssetGroup,
  type AssetGroupWriteInput,
  pageThrough,
  validateAssetGroupForm,
} from '@didban/core';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { renderTable } from '../output/table.js';
import { notFoundAs } from './not-found.js';
import { requireSession } from './require-session.js';

export type GroupListFlags = { json?: boolean; search?: string; page?: number; all?: boolean };
export type GroupCreateFlags = {
  name: string;
  roots: string;
  ports?: string;
  autoDiscovery: boolean;
  workerGroup?: string;
  json?: boolean;
};

const PAGE_SIZE = 25;

/** The stable `groups list --json` row. */
const groupJson = (g: AssetGroup) => ({
  id: g.id,
  name: g.name,
  roots: g.roots,
  port_setting: g.port_setting,
  custom_ports: g.custom_ports,
  auto_discovery: g.auto_discovery,
  asset_count: g.asset_count,
  status: g.status,
  last_updated: g.last_updated,
  created_at: g.created_at,
});

async function allGroups(api: ApiClient, search?: string): Promise<AssetGroup[]> {
  const rows: AssetGroup[] = [];
  for await (const g of pageThrough((page) => api.assets.listGroups({ page, page_size: 100, search }))) {
    rows.push(g);
  }
  return rows;
}

/**
 * `groups list`: one page (`{ results, result_count, total_pages, current_page, next_page }`) or,
 * with `--all`, every page (`{ results, result_count }`).
 */
export async function listGroupsCommand(ctx: Context, flags: GroupListFlags): Promise<void> {
  if (flags.all && flags.page !== undefined) throw usageError('usage.page_and_all');
  requireSession(ctx);
  const api = ctx.api();
  let rows: AssetGroup[];
  let paging: {
    result_count: number;
    total_pages?: number;
    current_page?: number;
    next_page?: number | null;
  };
  if (flags.all) {
    rows = await allGroups(api, flags.search);
    paging = { result_count: rows.length };
  } else {
    const page = await api.assets.listGroups({
      page: flags.page ?? 1,
      page_size: PAGE_SIZE,
      search: flags.search,
    });
    rows = page.results;
    paging = {
      result_count: page.result_count,
      total_pages: page.total_pages,
      current_page: flags.page ?? 1,
      next_page: page.next_page,
    };
  }
  if (flags.json) return ctx.json({ results: rows.map(groupJson), ...paging });
  const { t } = ctx;
  ctx.out(
    renderTable(
      [t('table.id'), t('table.name'), t('table.roots'), t('table.assets'), t('table.status')],
      rows.map((g) => [g.id, g.name, g.roots.join(', '), g.asset_count, g.status]),
      ctx.color,
    ),
  );
  if (paging.total_pages !== undefined && paging.total_pages > 1) {
    ctx.err(
      t('list.page', { page: paging.current_page, pages: paging.total_pages, count: paging.result_count }),
    );
  }
}

/** `--ports` → the body's port_setting and custom_ports. */
function portFields(ports: string | undefined): Pick<AssetGroupWriteInput, 'port_setting' | 'custom_ports'> {
  if (ports === undefined || ports === 'top-100') return { port_setting: 'top-100' };
  if (ports === 'top-1000') return { port_setting: 'top-1000' };
  if (!/^[\d,\s-]+$/.test(ports)) throw usageError('usage.bad_ports', { value: ports });
  return { port_setting: 'custom', custom_ports: ports };
}

/** Checked with core's §5 rules before any request, so a typo costs no round trip. */
export async function createGroupCommand(ctx: Context, flags: GroupCreateFlags): Promise<void> {
  const body: AssetGroupWriteInput = {
    name: flags.name,
    roots: flags.roots,
    ...portFields(flags.ports),
    auto_discovery: flags.autoDiscovery,
    ...(flags.workerGroup ? { worker_group: flags.workerGroup } : {}),
  };
  const errors = validateAssetGroupForm(body);
  const details = Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((m) => `${field}: ${m[ctx.lang]}`),
  );
  if (details.length) throw new CliError('error.group_invalid', { details: details.join(' ') }, EXIT.usage);
  requireSession(ctx);
  const group = await ctx.api().assets.createGroup(body);
  if (flags.json) return ctx.json(groupJson(group));
  ctx.out(ctx.t('groups.created', { name: group.name, id: group.id }));
}

export async function rediscoverGroupCommand(ctx: Context, groupId: string): Promise<void> {
  requireSession(ctx);
  const started = await ctx
    .api()
    .assets.rediscover(groupId)
    .catch(notFoundAs('error.unknown_group', groupId));
  ctx.out(ctx.t('groups.rediscovery', { id: groupId, history: started.history_id }));
}

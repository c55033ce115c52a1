import { envelope, SCAN_FILTER_KEYS, type ScanFilterKey, scanFilterOptionSchema } from '@didban/core';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { currentWorkspace } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import { SCAN_SCHEDULE_KIND } from '../scans/schedule-kind-name.js';

/** Options shown per field; the filter menu searches for the rest (spec §9 option list). */
const OPTIONS_SHOWN = 50;
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Option = { value: string; count: number; label: string | null };

/** The expression giving one asset field's values, for assets `a` of the workspace's scan targets. */
const ASSET_VALUE: Partial<Record<ScanFilterKey, ReturnType<typeof sql>>> = {
  host: sql`a.host`,
  title: sql`a.title`,
  port: sql`a.port::text`,
  ip: sql`unnest(string_to_array(nullif(a.ip, ''), ','))`,
  cname: sql`a.cname`,
  technologies: sql`jsonb_array_elements(a.technologies)->>'name'`,
};

function optionsQuery(workspaceId: string, field: ScanFilterKey, pattern: string) {
  const latest = sql`(select h.status from scan_histories h where h.scan_id = s.id order by h.created_at desc limit 1)`;
  switch (field) {
    case 'name':
      return sql`select s.name as value, count(*)::int as count, null as label from scans s
        where s.workspace_id = ${workspaceId} and s.name ilike ${pattern} group by s.name`;
    case 'status':
      return sql`select v.value, count(*)::int as count, null as label from (select case
          when ${latest} in ('running', 'initializing') then ${latest}
          when exists (select 1 from schedules sc where sc.kind = ${SCAN_SCHEDULE_KIND} and sc.subject_id = s.id and sc.next_run_at is not null) then 'scheduled'
          else coalesce(${latest}, 'not_started') end as value
        from scans s where s.workspace_id = ${workspaceId}) v where v.value ilike ${pattern} group by v.value`;
    case 'worker_group':
      return sql`select g.id::text as value, count(*)::int as count, g.name as label from scans s
        join worker_groups g on g.id = s.worker_group_id
        where s.workspace_id = ${workspaceId} and g.name ilike ${pattern} group by g.id, g.name`;
    case 'asset_group':
      return sql`select g.id::text as value, count(distinct s.id)::int as count, g.name as label from scans s
        join asset_groups g on g.id = any(s.asset_group_ids)
        where s.workspace_id = ${workspaceId} and g.name ilike ${pattern} group by g.id, g.name`;
    case 'template_ids':
    case 'template_tags': {
      const column = field === 'template_ids' ? sql`s.template_ids` : sql`s.template_tags`;
      return sql`select v.value, count(*)::int as count, null as label from scans s, unnest(${column}) as v(value)
        where s.workspace_id = ${workspaceId} and v.value ilike ${pattern} group by v.value`;
    }
    default: {
      const expression = ASSET_VALUE[field]!;
      return sql`select v.value, count(*)::int as count, null as label from (
          select ${expression} as value from assets a
          where a.workspace_id = ${workspaceId} and exists (select 1 from scans s
            where s.workspace_id = ${workspaceId} and (a.group_id = any(s.asset_group_ids) or a.id = any(s.asset_ids)))
        ) v where v.value is not null and v.value <> '' and v.value ilike ${pattern} group by v.value`;
    }
  }
}

/** `GET panel/scans/filter-values/?field=&search=`: the filter menu's options with counts. */
export function scanFilterValueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/scans/filter-values/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Values of one scan filter key with how many scans (or target assets) have each',
          querystring: z.object({ field: z.string().max(50), search: z.string().max(200).optional() }),
          response: { 200: envelope(z.array(scanFilterOptionSchema)) },
        },
      },
      async (request) => {
        const { field, search } = request.query;
        if (!(SCAN_FILTER_KEYS as readonly string[]).includes(field))
          throw new HttpError(400, 'filter_field_invalid', 'scans.filter_field_invalid', {
            field,
            allowed: SCAN_FILTER_KEYS.join(', '),
          });
        const query = optionsQuery(
          currentWorkspace(request).id,
          field as ScanFilterKey,
          likePattern(search?.trim() ?? ''),
        );
        const result = await db.execute(
          sql`select * from (${query}) o order by o.count desc, o.value limit ${OPTIONS_SHOWN}`,
        );
        const rows = (result as unknown as { rows: Option[] }).rows;
        return {
          data: rows.map((r) => ({ value: String(r.value), count: Number(r.count), label: r.label })),
        };
      },
    );
  };
}

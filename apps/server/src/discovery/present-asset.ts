import type { Asset, AssetDetail, EnumerationHistory } from '@didban/core';
import type { assets, enumerationHistories } from '../db/schema.js';

type AssetRow = typeof assets.$inferSelect;

/**
 * A stored asset in the spec §3 shape (for the Assets issue's routes). Technology ids are the
 * Wappalyzer slugs; icons are the icon-set file names (the panel falls back to a default).
 */
export function presentAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    host: row.host,
    port: row.port,
    ip: row.ip,
    is_root: row.is_root,
    status: row.status,
    title: row.title,
    cname: row.cname,
    content_length: row.content_length,
    scanned_count: row.scanned_count,
    group: row.group_id,
    enumeration_history: row.enumeration_history_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    gone_at: row.gone_at?.toISOString() ?? null,
    technologies: row.technologies.map((t) => ({
      id: t.slug,
      version: t.version,
      platform: {
        name: t.name,
        icon: t.icon,
        website: t.website,
        description_en: t.description,
        categories: t.categories,
      },
    })),
  };
}

/** The detail view: the list fields plus the HTTP response block's facts. */
export function presentAssetDetail(row: AssetRow, screenshotUrl: string | null = null): AssetDetail {
  return {
    ...presentAsset(row),
    content_type: row.content_type,
    server: row.server,
    last_seen: row.last_seen_at.toISOString(),
    service: row.service,
    final_url: row.final_url,
    response_headers: row.response_headers,
    body_start: row.body_start,
    tls: row.tls,
    favicon_hash: row.favicon_hash,
    screenshot_url: row.screenshot_key ? screenshotUrl : null,
  };
}

export function presentEnumerationHistory(row: typeof enumerationHistories.$inferSelect): EnumerationHistory {
  return {
    id: row.id,
    status: row.status as EnumerationHistory['status'],
    started_at: row.started_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    duration: row.duration,
    new_assets: row.new_assets,
    outcome: row.outcome ?? null,
    over_limit: row.over_limit,
    over_limit_hosts: row.over_limit_hosts,
    asset_limit: row.asset_limit,
  };
}

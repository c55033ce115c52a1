/**
 * Alert events from a finished discovery's changelog (history-snapshot.ts computes it; this only
 * names it). Each asset is a host:port, so a new asset on a host seen before is a port opened and
 * one on an unknown host is a new asset; likewise gone vs. port closed. The first run of a group
 * is its baseline and tells nobody anything.
 */
import type { Asset } from '@didban/core';
import type { NewAlertEvent } from './record-events.js';

type Entry = {
  asset_id: string;
  workspace_id: string;
  kind: 'appeared' | 'changed' | 'disappeared';
  changes?: { field: string; from: unknown; to: unknown }[] | undefined;
};

export function assetChangeEvents(input: {
  groupId: string;
  historyId: string;
  entries: Entry[];
  /** The group's assets now, and those of the previous run that this run did not see. */
  now: Asset[];
  gone: Asset[];
  previous: boolean;
}): NewAlertEvent[] {
  if (!input.previous) return [];
  const byId = new Map<string, Asset>([...input.now, ...input.gone].map((a) => [a.id, a]));
  const currentHosts = new Set(input.now.map((a) => a.host));
  const appearedIds = new Set(input.entries.filter((e) => e.kind === 'appeared').map((e) => e.asset_id));
  const priorHosts = new Set([
    ...input.gone.map((a) => a.host),
    ...input.now.filter((a) => !appearedIds.has(a.id)).map((a) => a.host),
  ]);
  const events: NewAlertEvent[] = [];
  for (const e of input.entries) {
    const asset = byId.get(e.asset_id);
    if (!asset) continue;
    const base = {
      asset_id: asset.id,
      host: asset.host,
      port: asset.port,
      group: asset.group,
      history_id: input.historyId,
    };
    const common = { workspace_id: e.workspace_id, group_ids: [input.groupId] };
    if (e.kind === 'appeared')
      events.push({ ...common, kind: priorHosts.has(asset.host) ? 'port_opened' : 'asset_new', data: base });
    else if (e.kind === 'disappeared')
      events.push({
        ...common,
        kind: currentHosts.has(asset.host) ? 'port_closed' : 'asset_gone',
        data: base,
      });
    else {
      const tech = e.changes?.find((c) => c.field === 'technologies');
      if (tech)
        events.push({
          ...common,
          kind: 'technology_changed',
          data: { ...base, from: tech.from, to: tech.to },
        });
    }
  }
  return events;
}

import { writeFile } from 'node:fs/promises';
import {
  type Asset,
  type AssetGroup,
  buildAssetCsv,
  buildAssetJsonExport,
  defaultBulkScanName,
  type PagedList,
  type Poller,
  type ScanHistory,
  startBulkScan,
} from '@didban/core';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { describeError } from '../../report-error.js';
import { type RunProgress, resolveHistory, SCAN_POLL_MS, scanPoller } from '../../services/scan-follow.js';

/** Rows a screen asks for at a time. */
export const UI_PAGE_SIZE = 25;

/** What a scan or an export of the screen acts on: a whole group, or the assets picked in it. */
export type UiTarget =
  | { kind: 'group'; group: AssetGroup }
  | { kind: 'assets'; group: AssetGroup; assets: Asset[] };

export type StartedScan = { scan: { id: string; name: string }; history: ScanHistory };

/**
 * Everything the interactive screen asks of the server, through the same services the commands
 * use. Screens get this object, never an API client, so they stay about keys and drawing.
 */
export type UiData = {
  groups(page: number): Promise<PagedList<AssetGroup>>;
  assets(groupId: string, page: number): Promise<PagedList<Asset>>;
  scanName(target: UiTarget): string;
  startScan(target: UiTarget, name: string, tags: string[]): Promise<StartedScan>;
  poller(scanId: string, historyId: string): Poller<RunProgress>;
  /** Any error as the one line a command would print (server message, unreachable, expired…). */
  errorLine(error: unknown): string;
  /** Writes the export and returns the line to show (how many assets, which file). */
  exportAssets(target: UiTarget, format: 'csv' | 'json', file: string): Promise<string>;
};

export function createUiData(ctx: Context, options: { pollMs?: number } = {}): UiData {
  const api = ctx.api();
  return {
    groups: (page) => api.assets.listGroups({ page, page_size: UI_PAGE_SIZE }),
    assets: (groupId, page) => api.assets.groupAssets(groupId, { page, page_size: UI_PAGE_SIZE }),
    // Spec §5 prefills plus the date, as the panel's bulk scan dialog does.
    scanName: (target) =>
      defaultBulkScanName(
        target.kind === 'group'
          ? { groups: [target.group.name] }
          : { hosts: target.assets.map((a) => a.host) },
        new Date(),
      ),
    async startScan(target, name, tags) {
      const targets =
        target.kind === 'group'
          ? { asset_groups: [target.group.id] }
          : { assets: target.assets.map((a) => a.id) };
      const { scanId, historyId } = await startBulkScan(
        api.scans,
        { name, template_tags: tags, ...targets },
        ctx.lang,
      );
      const { history } = await resolveHistory(api, scanId, historyId);
      return { scan: { id: scanId, name }, history };
    },
    poller: (scanId, historyId) => scanPoller(api, scanId, historyId, options.pollMs ?? SCAN_POLL_MS),
    errorLine: (error) =>
      describeError(error, {
        t: ctx.t,
        server: ctx.settings.server,
        hadToken: ctx.settings.token !== undefined,
        workspace: ctx.settings.workspace,
      }).line,
    async exportAssets(target, format, file) {
      if (target.kind === 'group') {
        // The command's own streamed export, so a large group never sits in memory.
        let line = '';
        const { exportAssetsCommand } = await import('../../services/assets.js');
        await exportAssetsCommand(
          {
            ...ctx,
            out: (text) => {
              line = text;
            },
          },
          { group: target.group.id, format, out: file },
        );
        return line;
      }
      const body =
        format === 'csv'
          ? buildAssetCsv(target.assets)
          : `${JSON.stringify(buildAssetJsonExport(target.assets), null, 2)}\n`;
      try {
        await writeFile(file, body);
      } catch (error) {
        throw new CliError('error.write_file', {
          file,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      return ctx.t('assets.exported', { count: target.assets.length, file });
    },
  };
}

import {
  type Asset,
  assetExportFileName,
  buildAssetCsv,
  buildAssetJsonExport,
  pageThroughAssets,
} from '@didban/core';
import { api } from '../../../lib/api';

export type ExportFormat = 'csv' | 'json';

type FetchPage = (
  groupId: string,
  cursor: string | null,
) => Promise<{ results: Asset[]; next_cursor: string | null }>;

const groupPage: FetchPage = (groupId, cursor) => api.assets.groupAssetsAfter(groupId, {}, cursor);

/** Every live asset of the chosen groups, read through keyset pages (the same cost however deep). */
export async function collectGroupAssets(
  groupIds: readonly string[],
  fetchPage = groupPage,
): Promise<Asset[]> {
  const all: Asset[] = [];
  for (const groupId of groupIds) {
    for await (const asset of pageThroughAssets((cursor) => fetchPage(groupId, cursor))) all.push(asset);
  }
  return all;
}

/** The export file: core's builders (CSV with BOM and formula guard; JSON with export_info) and §9 name. */
export function exportFile(assets: readonly Asset[], format: ExportFormat, now = new Date()) {
  const name = assetExportFileName(assets.length, format, now);
  return format === 'csv'
    ? { name, type: 'text/csv;charset=utf-8', text: buildAssetCsv(assets) }
    : { name, type: 'application/json', text: JSON.stringify(buildAssetJsonExport(assets, now), null, 2) };
}

/** Hand a text to the browser as a download. */
export function downloadText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { type Asset, assetExportFileName, buildAssetCsv, buildAssetJsonExport } from '@didban/core';
import { downloadText } from './download-file';

export type ExportFormat = 'csv' | 'json';

/**
 * Build and download an export of the chosen assets with core's builders (spec §3, §9): JSON with
 * export_info, or CSV with a byte-order mark, named `bulk-export-{count}-assets-{date}`.
 */
export function exportAssets(assets: readonly Asset[], format: ExportFormat, now = new Date()): string {
  const fileName = assetExportFileName(assets.length, format, now);
  if (format === 'json') {
    downloadText(JSON.stringify(buildAssetJsonExport(assets, now), null, 2), fileName, 'application/json');
  } else {
    downloadText(buildAssetCsv(assets), fileName, 'text/csv;charset=utf-8');
  }
  return fileName;
}

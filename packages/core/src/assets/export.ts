/**
 * Asset exports (spec §3 "Exports", §9): JSON with export_info, and CSV with a byte-order mark.
 * A deliberate addition to the spec: a CSV cell that begins with = + - @ is prefixed with a single
 * quote, because hosts and titles come from hostile targets and must not run as spreadsheet formulas.
 */
import type { Asset } from '../contract/assets.js';

/** spec §3 CSV columns, in order. */
export const ASSET_CSV_COLUMNS = [
  'id',
  'host',
  'port',
  'ip',
  'status',
  'title',
  'cname',
  'content_length',
  'is_root',
  'scanned_count',
  'updated_at',
  'created_at',
  'technologies',
] as const;

export const CSV_BOM = '\uFEFF';

export interface AssetJsonExport {
  export_info: { exported_at: string; total_assets: number; asset_ids: string[] };
  assets: Asset[];
}

/**
 * The JSON export body.
 * @example buildAssetJsonExport(assets, new Date()).export_info.total_assets // assets.length
 */
export function buildAssetJsonExport(assets: readonly Asset[], now: Date = new Date()): AssetJsonExport {
  return {
    export_info: {
      exported_at: now.toISOString(),
      total_assets: assets.length,
      asset_ids: assets.map((a) => a.id),
    },
    assets: [...assets],
  };
}

/** Technologies as 'name (version)' joined by '; ' (the version part only when known). */
export function formatTechnologies(technologies: Asset['technologies']): string {
  return technologies
    .map((t) => (t.version ? `${t.platform.name} (${t.version})` : t.platform.name))
    .join('; ');
}

/**
 * What a spreadsheet may read as the start of a formula or a command: `= + - @`, their
 * fullwidth forms (＝ ＋ － ＠, which some spreadsheets fold to ASCII), TAB and CR — also after
 * leading spaces, which spreadsheets trim (OWASP CSV injection).
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV cell: formula starters neutralised with a leading quote, then quoted when it holds a
 * comma, a double quote or a line break (quotes doubled).
 * @example csvCell('=HYPERLINK("x")') // '"\'=HYPERLINK(""x"")"'
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV cells of one asset, in {@link ASSET_CSV_COLUMNS} order. */
export function assetCsvCells(asset: Asset): string[] {
  return ASSET_CSV_COLUMNS.map((column) =>
    column === 'technologies' ? csvCell(formatTechnologies(asset.technologies)) : csvCell(asset[column]),
  );
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes them). */
export function assetCsvRow(asset: Asset): string {
  return `${assetCsvCells(asset).join(',')}\r\n`;
}

/** The first chunk of a CSV export: the byte-order mark and the header line. */
export function assetCsvHeader(): string {
  return `${CSV_BOM}${ASSET_CSV_COLUMNS.join(',')}\r\n`;
}

/**
 * The whole CSV text for a selection held in memory (the panel's export).
 * @example buildAssetCsv([]) // '\uFEFFid,host,...,technologies\r\n'
 */
export function buildAssetCsv(assets: readonly Asset[]): string {
  return assetCsvHeader() + assets.map(assetCsvRow).join('');
}

/**
 * Streams CSV chunks from assets that arrive page by page, so an export of 100k rows keeps memory
 * flat: rows are batched into chunks of about `chunkRows` lines and nothing else is retained.
 * @example for await (const chunk of streamAssetCsv(pages())) out.write(chunk);
 */
export async function* streamAssetCsv(
  assets: AsyncIterable<Asset> | Iterable<Asset>,
  chunkRows = 500,
): AsyncGenerator<string> {
  yield assetCsvHeader();
  let buffer: string[] = [];
  for await (const asset of assets) {
    buffer.push(assetCsvRow(asset));
    if (buffer.length >= chunkRows) {
      yield buffer.join('');
      buffer = [];
    }
  }
  if (buffer.length) yield buffer.join('');
}

/**
 * spec §9 file name `bulk-export-{count}-assets-{date}` with the format's extension; date is UTC YYYY-MM-DD.
 * @example assetExportFileName(3, 'csv', new Date('2026-01-02T10:00:00Z')) // 'bulk-export-3-assets-2026-01-02.csv'
 */
export function assetExportFileName(count: number, format: 'csv' | 'json', now: Date = new Date()): string {
  return `bulk-export-${count}-assets-${now.toISOString().slice(0, 10)}.${format}`;
}

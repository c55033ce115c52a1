import type { YamlMap } from '@didban/core/templates';
import { compileOperators } from '../../operators/compile-operators.js';
import type { PayloadSet } from '../../payloads/generate-payloads.js';
import type { FileBlock } from '../../template-model.js';

/** nuclei's defaultDenylist (pkg/protocols/file/file.go): media, fonts, binaries, office files. */
export const DEFAULT_DENYLIST: readonly string[] = Object.freeze(
  '.3g2 .3gp .arj .avi .axd .bmp .css .csv .deb .dll .doc .drv .eot .exe .flv .gif .gifv .h264 .ico .iso .jar .jpeg .jpg .lock .m4a .m4v .map .mkv .mov .mp3 .mp4 .mpeg .mpg .msi .ogg .ogm .ogv .otf .pdf .pkg .png .ppt .psd .rm .rpm .svg .swf .sys .tif .tiff .ttf .vob .wav .webm .wmv .woff .woff2 .xcf .xls .xlsx'.split(
    ' ',
  ),
);
/** nuclei's defaultArchiveDenyList: denied too unless the block sets `archive: true`. */
export const DEFAULT_ARCHIVE_DENYLIST: readonly string[] = Object.freeze([
  '.7z',
  '.apk',
  '.gz',
  '.rar',
  '.tar.gz',
  '.tar',
  '.zip',
]);

/** nuclei's default `max-size`: go-units' "1Gb", decimal (10^9 bytes). */
export const DEFAULT_MAX_SIZE = 1_000_000_000;

const DECIMAL: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12, p: 1e15 };

/**
 * go-units FromHumanSize, which nuclei parses `max-size` with: decimal units whatever the case
 * (`10kb`, `5 MB`, `1Gb`, `2KiB` = 2,000), a plain number is bytes.
 * @example fromHumanSize('1Mb') // 1000000
 */
export function fromHumanSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?\s*$/.exec(text);
  if (!m) throw new Error(`invalid size: '${text}'`);
  return Math.floor(Number.parseFloat(m[1]!) * DECIMAL[(m[2] ?? '').toLowerCase()]!);
}

const NO_PAYLOADS: PayloadSet = new Map();
const list = (v: unknown): string[] =>
  v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).map(String);

/** Path.Clean for the denylist entries nuclei also adds cleaned (`./logs/` → `logs`). */
function cleanPath(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out.at(-1) !== '..') out.pop();
    else if (part !== '..' || !abs) out.push(part);
  }
  const joined = out.join('/');
  return abs ? `/${joined}` : joined || '.';
}

/** A `file:` block as nuclei's Compile leaves it (extensions, denylist, max size). */
export function compileFileBlock(b: YamlMap, index: number): FileBlock {
  const operators = compileOperators(b);
  if (operators.matchers.length === 0 && operators.extractors.length === 0)
    throw new Error('empty operators');
  let maxSize = DEFAULT_MAX_SIZE;
  if (b['max-size'] !== undefined && b['max-size'] !== null && String(b['max-size']) !== '') {
    try {
      maxSize = fromHumanSize(String(b['max-size']));
    } catch (error) {
      throw new Error(`max-size: ${(error as Error).message}`);
    }
  }
  const extensions = new Set<string>();
  let allExtensions = false;
  for (const e of list(b.extensions)) {
    if (e === 'all') allExtensions = true;
    else extensions.add(e.startsWith('.') ? e : `.${e}`);
  }
  const archive = b.archive === true;
  const denyList = new Set<string>(
    archive ? DEFAULT_DENYLIST : [...DEFAULT_DENYLIST, ...DEFAULT_ARCHIVE_DENYLIST],
  );
  for (const d of list(b.denylist)) {
    denyList.add(d);
    denyList.add(cleanPath(d));
  }
  const wholeFile = operators.condition === 'and' || operators.matchers.some((m) => m.condition === 'and');
  return {
    protocol: 'file',
    index,
    id: b.id === undefined ? undefined : String(b.id),
    operators,
    payloads: NO_PAYLOADS,
    attack: 'batteringram',
    needsHistory: false,
    extensions,
    allExtensions,
    denyList,
    maxSize,
    archive,
    noRecursive: b['no-recursive'] === true,
    wholeFile,
  };
}

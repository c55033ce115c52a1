/**
 * The font a joined PDF's page numbers are drawn in. English: Helvetica (a standard font, nothing
 * embedded). Persian: the report's own font (Vazirmatn, the woff2 files embedded-font inlines) as a
 * small Type 3 font whose glyphs are Vazirmatn's outlines of ۰–۹, the slash and the space, read with
 * fontkit. Type 3 rather than an embedded TrueType subset: fontkit cannot subset a woff2 font (its
 * glyf table is transformed) and a PDF cannot hold woff2. Either way a page draws the bytes of
 * "12 /" (ASCII digits), so the page streams are the same in both languages; the Persian font shows
 * and extracts them (ToUnicode) as ۱۲ /.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFContext, PDFObject, PDFRef } from 'pdf-lib';

export type PageNumberFont = {
  /** Width of `text` (ASCII digits, space, slash) at `size` points. */
  width(text: string, size: number): number;
  /** The font dictionary and the objects it refers to, numbered by `ref()`. */
  objects(ctx: PDFContext, ref: () => PDFRef): [PDFRef, PDFObject][];
};

/** Helvetica's advance widths (per 1000 units) of what a page number is made of. */
const HELVETICA: Record<string, number> = { ' ': 278, '/': 278 };

const helvetica: PageNumberFont = {
  width: (s, size) => ([...s].reduce((w, ch) => w + (HELVETICA[ch] ?? 556), 0) * size) / 1000,
  objects: (ctx, ref) => [
    [ref(), ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' })],
  ],
};

type Command = { command: string; args: number[] };
type Glyph = {
  advanceWidth: number;
  path: { commands: Command[]; bbox: { minX: number; minY: number; maxX: number; maxY: number } };
};

/** The codes a page number uses, each drawn by Vazirmatn's glyph for `shows`. */
const CODES = [...' /0123456789'].map((ch) => ({
  code: ch.charCodeAt(0),
  name: ch === ' ' ? 'space' : ch === '/' ? 'slash' : `d${ch}`,
  shows: /\d/.test(ch) ? String.fromCharCode(0x06f0 + Number(ch)) : ch,
}));

let persian: PageNumberFont | undefined;

export function pageNumberFont(lang: 'fa' | 'en'): PageNumberFont {
  if (lang !== 'fa') return helvetica;
  persian ??= vazirmatnDigits();
  return persian;
}

function vazirmatnDigits(): PageNumberFont {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@fontsource-variable/vazirmatn/package.json')), 'files');
  // The Persian digits are in the arabic subset, the slash in the latin one (same metrics).
  const arabic = fontkit.create(readFileSync(join(dir, 'vazirmatn-arabic-wght-normal.woff2')));
  const latin = fontkit.create(readFileSync(join(dir, 'vazirmatn-latin-wght-normal.woff2')));
  const em = arabic.unitsPerEm;
  const glyphs = new Map<number, Glyph>();
  for (const c of CODES) {
    const cp = c.shows.codePointAt(0)!;
    const font = arabic.hasGlyphForCodePoint(cp) ? arabic : latin;
    glyphs.set(c.code, font.glyphForCodePoint(cp) as unknown as Glyph);
  }
  const advance = (code: number) => glyphs.get(code)?.advanceWidth ?? 0;
  const first = Math.min(...CODES.map((c) => c.code));
  const last = Math.max(...CODES.map((c) => c.code));

  return {
    width: (s, size) => ([...s].reduce((w, ch) => w + advance(ch.charCodeAt(0)), 0) * size) / em,
    objects(ctx, ref) {
      const out: [PDFRef, PDFObject][] = [];
      const font = ref();
      const procs: Record<string, PDFRef> = {};
      for (const c of CODES) {
        const at = ref();
        // d1: a shape filled in the colour of the text that draws it (the page number's grey); the
        // space draws nothing (d0, as an empty box is a bad one to PDF readers).
        const { commands, bbox } = glyphs.get(c.code)!.path;
        const box = [
          Math.floor(bbox.minX),
          Math.floor(bbox.minY),
          Math.ceil(bbox.maxX),
          Math.ceil(bbox.maxY),
        ];
        const body = commands.length
          ? `${advance(c.code)} 0 ${box.join(' ')} d1\n${pathOps(commands)}`
          : `${advance(c.code)} 0 d0\n`;
        out.push([at, ctx.stream(body)]);
        procs[c.name] = at;
      }
      const toUnicode = ref();
      const pairs = CODES.map((c) => `<${hex(c.code, 2)}> <${hex(c.shows.charCodeAt(0), 4)}>`).join('\n');
      out.push([
        toUnicode,
        ctx.stream(
          '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
            '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
            '/CMapName /Didban-PageNumbers def\n/CMapType 2 def\n' +
            `1 begincodespacerange\n<00> <FF>\nendcodespacerange\n${CODES.length} beginbfchar\n${pairs}\nendbfchar\n` +
            'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend',
        ),
      ]);
      const widths = [];
      for (let code = first; code <= last; code++) widths.push(advance(code));
      out.unshift([
        font,
        ctx.obj({
          Type: 'Font',
          Subtype: 'Type3',
          FontBBox: [-200, -600, 2400, 2400],
          FontMatrix: [1 / em, 0, 0, 1 / em, 0, 0],
          CharProcs: procs,
          Encoding: { Type: 'Encoding', Differences: [...CODES.flatMap((c) => [c.code, c.name])] },
          FirstChar: first,
          LastChar: last,
          Widths: widths,
          Resources: {},
          ToUnicode: toUnicode,
        }),
      ]);
      return out;
    },
  };
}

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');

/** A glyph outline as PDF path operators, filled (TrueType outlines use the nonzero rule). */
function pathOps(commands: Command[]): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  let x = 0;
  let y = 0;
  let ops = '';
  for (const { command, args } of commands) {
    if (command === 'moveTo' || command === 'lineTo') {
      [x, y] = args as [number, number];
      ops += `${n(x)} ${n(y)} ${command === 'moveTo' ? 'm' : 'l'}\n`;
    } else if (command === 'quadraticCurveTo') {
      // A quadratic Bézier as the cubic with control points 2/3 of the way to the quadratic's.
      const [qx, qy, ex, ey] = args as [number, number, number, number];
      ops += `${n(x + (2 / 3) * (qx - x))} ${n(y + (2 / 3) * (qy - y))} ${n(ex + (2 / 3) * (qx - ex))} ${n(ey + (2 / 3) * (qy - ey))} ${n(ex)} ${n(ey)} c\n`;
      [x, y] = [ex, ey];
    } else if (command === 'bezierCurveTo') {
      const [, , , , ex, ey] = args as number[];
      ops += `${args.map(n).join(' ')} c\n`;
      [x, y] = [ex!, ey!];
    } else if (command === 'closePath') {
      ops += 'h\n';
    }
  }
  return ops ? `${ops}f\n` : '';
}

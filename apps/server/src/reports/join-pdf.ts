/**
 * Join the PDFs Chromium printed slice by slice into one file, written to disk as it goes, and
 * number its pages ("n / total", in Persian digits and right to left in a Persian report: "۱۲ / ۳۴"
 * with ۱۲ on the right). pdf-lib reads one slice at a time and
 * copies its pages (with everything they reach: fonts, images, content streams) into a fresh
 * object table whose numbers continue where the previous slice stopped; those objects are written
 * out and dropped before the next slice is read. So memory holds one slice, never the document,
 * whatever its size — pdf-lib's own save() would build the whole file in memory.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Lang } from '@didban/core';
import { PDFContext, PDFDocument, type PDFObject, PDFObjectCopier, type PDFPageLeaf, PDFRef } from 'pdf-lib';
import { type PageNumberFont, pageNumberFont } from './page-number-font.js';

/** Fixed numbers of the objects written last: the page tree, the catalog and the page-number font. */
const PAGES = 1;
const CATALOG = 2;
const FONT = 3;
/** The total page count, drawn by every page's number; its object is written once the total is known. */
const TOTAL = 4;
/** The page number: 8 pt, grey. */
const SIZE = 8;
const GREY = '0.42 0.45 0.5';

export type PdfJoiner = {
  /** Append one printed slice (its pages numbered from where the previous slice ended). */
  add(partPath: string): Promise<void>;
  /** Write the page tree, the total and the cross-reference table; resolves with the page count. */
  finish(): Promise<number>;
  /** Stop writing after a failure (the caller removes the file). */
  abort(): void;
};

/**
 * Open the joined PDF. Slices are appended as soon as they are printed, while Chromium prints the
 * next, so the total page count is not known when a page is numbered: each page draws "n /" left
 * of its centre and a form object drawing the total right of it (mirrored in fa), written at the end.
 */
export function openJoiner(outPath: string, lang: Lang): PdfJoiner {
  const font = pageNumberFont(lang);
  const out = createWriteStream(outPath);
  let failed: Error | null = null;
  out.on('error', (e) => {
    failed = e;
  });
  let position = 0;
  const write = async (chunk: Uint8Array | string) => {
    if (failed) throw failed;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    position += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  /** Byte offset of each object, by number, for the cross-reference table. */
  const offsets: number[] = [];
  const writeObject = async (ref: PDFRef, object: PDFObject) => {
    offsets[ref.objectNumber] = position;
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    await write(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    await write(body);
    await write('\nendobj\n');
  };
  const kids: number[] = [];
  let next = TOTAL;
  let started = false;

  return {
    async add(partPath) {
      if (!started) {
        started = true;
        await write('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n');
      }
      const src = await PDFDocument.load(await readFile(partPath), {
        updateMetadata: false,
        ignoreEncryption: true,
      });
      const dest = PDFContext.create();
      dest.largestObjectNumber = next;
      const copier = PDFObjectCopier.for(src.context, dest);
      for (const page of src.getPages()) {
        const leaf = copier.copy(page.node) as PDFPageLeaf;
        const ref = dest.register(leaf);
        leaf.setParent(PDFRef.of(PAGES));
        kids.push(ref.objectNumber);
        numberPage(dest, leaf, kids.length, font, lang);
      }
      for (const [ref, object] of dest.enumerateIndirectObjects()) await writeObject(ref, object);
      next = dest.largestObjectNumber;
    },
    async finish() {
      if (!started) throw new Error('no pages to join');
      const root = PDFContext.create();
      await writeObject(
        PDFRef.of(PAGES),
        root.obj({ Type: 'Pages', Kids: kids.map((n) => PDFRef.of(n)), Count: kids.length }),
      );
      await writeObject(PDFRef.of(CATALOG), root.obj({ Type: 'Catalog', Pages: PDFRef.of(PAGES) }));
      // The font's dictionary is FONT; what it refers to (a Persian font's glyphs) is numbered on.
      let last = next;
      const refs = [PDFRef.of(FONT)];
      const fontObjects = font.objects(root, () => refs.shift() ?? PDFRef.of(++last));
      for (const [ref, object] of fontObjects) await writeObject(ref, object);
      // Left to right the total starts at the form's origin; right to left it ends there.
      const total = String(kids.length);
      const dx = lang === 'fa' ? -font.width(total, SIZE) : 0;
      await writeObject(
        PDFRef.of(TOTAL),
        root.stream(`BT /F ${SIZE} Tf ${GREY} rg ${dx.toFixed(2)} 0 Td (${total}) Tj ET`, {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [-100, -2, 100, SIZE + 2],
          Resources: { Font: { F: PDFRef.of(FONT) } },
        }),
      );

      const xrefAt = position;
      const size = last + 1;
      let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
      for (let n = 1; n < size; n++) {
        const at = offsets[n];
        xref += at === undefined ? '0000000000 65535 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`;
        if (xref.length > 1 << 16) {
          await write(xref);
          xref = '';
        }
      }
      await write(`${xref}trailer\n<< /Size ${size} /Root ${CATALOG} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
      if (failed) throw failed;
      out.end();
      await once(out, 'finish');
      return kids.length;
    },
    abort() {
      out.destroy();
    },
  };
}

/**
 * "n / total" in the bottom margin, the slash at the centre: "n /" ends just left of it and the
 * total (a form object) starts just right of it. Right to left (fa) the other way round: "/ n"
 * starts at the slash with n right of it and the total ends left of it, so a Persian reader reads
 * ۱۲ / ۳۴ from the right. Drawn in the page's default space: the page's own drawing is wrapped in
 * q … Q so whatever it leaves on the graphics state cannot move the number.
 */
function numberPage(ctx: PDFContext, leaf: PDFPageLeaf, n: number, font: PageNumberFont, lang: Lang) {
  leaf.normalize();
  const [x0, y0, x1] = leaf
    .MediaBox()
    .asArray()
    .map((v) => Number(v.toString()));
  const centre = ((x0 ?? 0) + (x1 ?? 595.28)) / 2;
  const slash = font.width('/', SIZE) / 2;
  const rtl = lang === 'fa';
  const text = rtl ? `/ ${n}` : `${n} /`;
  const x = rtl ? centre - slash : centre - font.width(text, SIZE) + slash;
  const y = (y0 ?? 0) + 24;
  const gap = slash + font.width(' ', SIZE);
  const after = rtl ? centre - gap : centre + gap;
  const fontName = leaf.newFontDictionary('DidbanPN', PDFRef.of(FONT));
  const total = leaf.newXObject('DidbanTotal', PDFRef.of(TOTAL));
  const start = ctx.register(ctx.stream('q\n'));
  const end = ctx.register(
    ctx.stream(
      `Q\nq BT ${fontName.toString()} ${SIZE} Tf ${GREY} rg ${x.toFixed(2)} ${y.toFixed(2)} Td (${text}) Tj ET Q\n` +
        `q 1 0 0 1 ${after.toFixed(2)} ${y.toFixed(2)} cm ${total.toString()} Do Q\n`,
    ),
  );
  leaf.wrapContentStreams(start, end);
}

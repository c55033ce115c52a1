/** The HTML file written as it is made: each part goes to disk, waiting when the disk is behind. */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export type HtmlSink = { write(chunk: string): Promise<void>; close(): Promise<void> };

export function htmlFile(path: string): HtmlSink {
  const out = createWriteStream(path, { encoding: 'utf8' });
  let failed: Error | null = null;
  out.on('error', (e) => {
    failed = e;
  });
  return {
    async write(chunk) {
      if (failed) throw failed;
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async close() {
      if (failed) throw failed;
      out.end();
      await once(out, 'finish');
    },
  };
}

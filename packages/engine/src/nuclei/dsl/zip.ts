import { zipSync } from 'fflate';
import { stringToBytes } from '../util/bytes.js';
import { DslError, type DslValue, toStr } from './values.js';

/**
 * `zip(entry, content, …)`: a deflated ZIP archive of the named entries, as bytes (Nuclei's
 * helper, used by upload exploits that send a plugin or theme archive).
 * @example zip('plugin/a.php', '<?php echo 1; ?>') // 'PK\x03\x04…'
 */
export function zipHelper(args: readonly DslValue[]): string {
  if (args.length === 0 || args.length % 2 !== 0)
    throw new DslError('zip needs pairs of file entry and content');
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < args.length; i += 2) files[toStr(args[i])] = stringToBytes(toStr(args[i + 1]));
  return Buffer.from(zipSync(files, { level: 6 })).toString('latin1');
}

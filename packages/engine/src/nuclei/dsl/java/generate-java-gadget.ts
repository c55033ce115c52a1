import { gzipSync } from 'node:zlib';
import { stringToBytes } from '../../util/bytes.js';
import { DslError, type DslValue, toStr } from '../values.js';
import { commonsCollections31Gadget, urlDnsGadget } from './gadgets.js';

const GADGETS: Record<string, (cmd: string) => Buffer> = {
  dns: urlDnsGadget,
  'commons-collections3.1': commonsCollections31Gadget,
};
// Nuclei also builds these from embedded class files; no template of the community library uses them.
const NOT_BUILT = new Set(['jdk7u21', 'jdk8u20', 'commons-collections4.0', 'groovy1']);

// Nuclei's default: standard base64 with only `+` escaped for a URL or form value.
const urlSafeBase64 = (b: Buffer): string => b.toString('base64').replaceAll('+', '%2B');

function encode(data: Buffer, encoding: string): string {
  switch (encoding) {
    case 'raw':
      return data.toString('latin1');
    case 'hex':
      return data.toString('hex');
    case 'gzip':
      return gzipSync(data).toString('latin1');
    case 'gzip-base64':
      return urlSafeBase64(gzipSync(data));
    case 'base64-raw':
      return data.toString('base64');
    default:
      return urlSafeBase64(data);
  }
}

/**
 * `generate_java_gadget(gadget, cmd, encoding)`: a serialized Java object that calls back when a
 * vulnerable server deserializes it — `dns` (URLDNS: resolves the host of the URL in `cmd`, an
 * interactsh name in the templates) or `commons-collections3.1` (runs `cmd`). Encodings as
 * Nuclei's: `raw`, `hex`, `gzip`, `gzip-base64`, `base64-raw`, anything else base64 with `+` as
 * `%2B`. An unknown gadget gives an empty string, as in Nuclei.
 * @example generate_java_gadget('dns', 'http://x.oast.fun', 'hex') // 'aced0005737200116a617661…'
 */
export function generateJavaGadget(args: readonly DslValue[]): string {
  if (args.length !== 3) throw new DslError('generate_java_gadget needs gadget, command and encoding');
  const gadget = toStr(args[0]);
  if (NOT_BUILT.has(gadget)) throw new DslError(`generate_java_gadget: the ${gadget} gadget is not built`);
  const build = GADGETS[gadget];
  if (!build) return '';
  // The command or URL is template text: a byte string, written into the stream byte for byte.
  const cmd = stringToBytes(toStr(args[1])).toString('utf8');
  return encode(build(cmd), toStr(args[2]));
}

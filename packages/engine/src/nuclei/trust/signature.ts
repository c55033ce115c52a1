/**
 * Nuclei's template signatures, byte for byte (nuclei pkg/templates/signer/tmpl_signer.go):
 *
 * - the digest line is the last `# digest: ` of the file: `# digest: <hex>:<fragment>`;
 * - `<hex>` is the Go `gob` encoding of the ASN.1 DER ECDSA signature (a `[]byte` value:
 *   message length, type id 5, a zero byte, the byte count, the bytes), hex-encoded;
 * - `<fragment>` is the md5 (hex) of the signer's public key X coordinate (big-endian, leading
 *   zero bytes dropped, as Go's `big.Int.Bytes()`): it names the key, it is not signed;
 * - the signed bytes are the file's text before the digest line, trimmed of white space as Go's
 *   `bytes.TrimSpace` trims it, with every CRLF made LF, then each imported file (a code block's
 *   `source:` naming a file) appended after a `\n`;
 * - ECDSA over P-256 with SHA-256. ProjectDiscovery's certificate (nuclei pkg/keys/nuclei.crt)
 *   is trusted by default; operators add their own certificates or public keys (PEM).
 *
 * All cryptography is Node's (`node:crypto`); nothing here is hand-written ECDSA.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  sign as cryptoSign,
  verify as cryptoVerify,
  type KeyObject,
  X509Certificate,
} from 'node:crypto';

/** ProjectDiscovery's template-signing certificate, as nuclei embeds it (pkg/keys/nuclei.crt). */
export const PROJECTDISCOVERY_CERTIFICATE = `-----BEGIN PD NUCLEI USER CERTIFICATE-----
MIIBgDCCASWgAwIBAgIEZSUZ3jAKBggqhkjOPQQDAjAsMSowKAYDVQQDEyFwcm9q
ZWN0ZGlzY292ZXJ5L251Y2xlaS10ZW1wbGF0ZXMwHhcNMjMxMDEwMDkzMTEwWhcN
MjcxMDA5MDkzMTEwWjAsMSowKAYDVQQDEyFwcm9qZWN0ZGlzY292ZXJ5L251Y2xl
aS10ZW1wbGF0ZXMwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASTaiE41H7LWudF
SMCfnqguQMwEte7dz/FRfK2lmezE02w+I2VwcS3j5cPwNaqYRAJkQhk6+7li0GpG
9fb11Fs2ozUwMzAOBgNVHQ8BAf8EBAMCB4AwEwYDVR0lBAwwCgYIKwYBBQUHAwEw
DAYDVR0TAQH/BAIwADAKBggqhkjOPQQDAgNJADBGAiEAhFsWwLDcWks3RUv3ujCs
4V1reu6KL+kELrCCQWu5FiUCIQDZbtqL30GPGYaPSpVmd6BKrZDBOfUVBsoCS7pS
q3JLHQ==
-----END PD NUCLEI USER CERTIFICATE-----`;

/** The signer name nuclei gives ProjectDiscovery's key (`keys.PDVerifier`). */
export const PROJECTDISCOVERY_SIGNER = 'projectdiscovery/nuclei-templates';

export const SIGNATURE_PATTERN = '# digest: ';

export type SignatureRefusal =
  | 'unsigned'
  | 'signature does not match its content'
  | 'signed by an untrusted key';

export type SignatureVerdict =
  | { readonly ok: true; readonly signer: string; readonly fragment: string }
  | { readonly ok: false; readonly reason: SignatureRefusal };

/** A public key a verifier trusts: its name (certificate CN, else its fragment) and fragment. */
export interface TrustedKey {
  readonly name: string;
  readonly fragment: string;
  readonly key: KeyObject;
}

interface PemBlock {
  readonly label: string;
  readonly der: Buffer;
  readonly encrypted: boolean;
}

function pemBlock(pem: string): PemBlock {
  const m = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(pem);
  if (!m) throw new Error('not a PEM block');
  const body = m[2]!;
  const encrypted = /^Proc-Type:\s*4,ENCRYPTED/m.test(body);
  const base64 = body
    .split(/\r?\n/)
    .filter((l) => l && !l.includes(':'))
    .join('');
  return { label: m[1]!, der: Buffer.from(base64, 'base64'), encrypted };
}

/** md5 (hex) of the key's X coordinate without leading zero bytes, as nuclei's GetUserFragment. */
export function keyFragment(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || !jwk.x) throw new Error('not an ECDSA public key');
  let x = Buffer.from(jwk.x, 'base64url');
  let i = 0;
  while (i < x.length - 1 && x[i] === 0) i++;
  x = x.subarray(i);
  return createHash('md5').update(x).digest('hex');
}

/**
 * A trusted key from a PEM certificate (nuclei's `PD NUCLEI USER CERTIFICATE` or any
 * `CERTIFICATE`) or a PEM public key (`PUBLIC KEY`, SPKI).
 */
export function trustedKey(pem: string): TrustedKey {
  const block = pemBlock(pem);
  let key: KeyObject;
  let name: string | undefined;
  if (block.label.endsWith('CERTIFICATE')) {
    const cert = new X509Certificate(block.der);
    key = cert.publicKey;
    name = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1];
  } else if (block.label === 'PUBLIC KEY') {
    key = createPublicKey({ key: block.der, format: 'der', type: 'spki' });
  } else throw new Error(`a trusted key must be a certificate or a PUBLIC KEY, not ${block.label}`);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('a template-signing key must be an ECDSA P-256 key');
  const fragment = keyFragment(key);
  return { name: name ?? fragment, fragment, key };
}

let defaultKey: TrustedKey | undefined;

/** ProjectDiscovery's key, trusted unless a verifier is told otherwise. */
export function projectDiscoveryKey(): TrustedKey {
  defaultKey ??= trustedKey(PROJECTDISCOVERY_CERTIFICATE);
  return defaultKey;
}

/** The keys a run trusts: ProjectDiscovery's (unless `withDefault` is false) and the operator's PEMs. */
export function trustedKeys(pems: readonly string[] = [], withDefault = true): TrustedKey[] {
  return [...(withDefault ? [projectDiscoveryKey()] : []), ...pems.map(trustedKey)];
}

// Go's unicode.IsSpace (what bytes.TrimSpace trims): JavaScript's trim() also trims U+FEFF.
const GO_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g');
const goTrimSpace = (s: string) => s.replace(TRIM, '');

/** The digest line (trimmed, if any) and the content before it, as nuclei's ExtractSignatureAndContent. */
export function splitSignature(text: string): { signature?: string; content: string } {
  const at = text.lastIndexOf(SIGNATURE_PATTERN);
  if (at === -1) return { content: goTrimSpace(text) };
  return { signature: goTrimSpace(text.slice(at)), content: goTrimSpace(text.slice(0, at)) };
}

/** The exact bytes nuclei signs and verifies for a template text and its imported files. */
export function signedBytes(content: string, imports: readonly (string | Buffer)[] = []): Buffer {
  const parts: Buffer[] = [Buffer.from(content.replaceAll('\r\n', '\n'), 'utf8')];
  for (const file of imports) parts.push(Buffer.from('\n'), Buffer.isBuffer(file) ? file : Buffer.from(file));
  return Buffer.concat(parts);
}

function gobUint(n: number): Buffer {
  if (n < 128) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([256 - bytes.length, ...bytes]);
}

function readGobUint(buf: Buffer, at: number): [number, number] {
  const first = buf[at];
  if (first === undefined) throw new Error('truncated');
  if (first < 128) return [first, at + 1];
  const count = 256 - first;
  if (count > 8 || at + 1 + count > buf.length) throw new Error('bad gob uint');
  let v = 0;
  for (let i = 0; i < count; i++) v = v * 256 + buf[at + 1 + i]!;
  return [v, at + 1 + count];
}

const GOB_BYTES_TYPE = 5; // gob's predefined type id of []byte

/** A Go gob stream of one `[]byte` value, as nuclei encodes its signature. */
export function gobEncodeBytes(value: Buffer): Buffer {
  const body = Buffer.concat([gobUint(GOB_BYTES_TYPE * 2), Buffer.from([0]), gobUint(value.length), value]);
  return Buffer.concat([gobUint(body.length), body]);
}

/** The `[]byte` value of a gob stream nuclei wrote (throws on anything else). */
export function gobDecodeBytes(stream: Buffer): Buffer {
  const [length, start] = readGobUint(stream, 0);
  if (start + length > stream.length) throw new Error('truncated gob message');
  const [typeId, afterType] = readGobUint(stream, start);
  if (typeId !== GOB_BYTES_TYPE * 2) throw new Error('gob value is not a []byte');
  if (stream[afterType] !== 0) throw new Error('bad gob singleton');
  const [count, data] = readGobUint(stream, afterType + 1);
  if (data + count > start + length) throw new Error('truncated gob bytes');
  return stream.subarray(data, data + count);
}

/**
 * Whether a template's signature verifies with one of the trusted keys, and if not why:
 * `unsigned` (no digest line), `signed by an untrusted key` (its fragment names no trusted key),
 * `signature does not match its content` (the named key's signature fails: an altered template).
 *
 * @example verifyTemplate(readFileSync('code/cves/x.yaml', 'utf8')) // { ok: true, signer: 'projectdiscovery/nuclei-templates', … }
 */
export function verifyTemplate(
  text: string,
  options: { readonly keys?: readonly TrustedKey[]; readonly imports?: readonly (string | Buffer)[] } = {},
): SignatureVerdict {
  const keys = options.keys ?? [projectDiscoveryKey()];
  const { signature, content } = splitSignature(text);
  if (signature === undefined) return { ok: false, reason: 'unsigned' };
  const digest = signature.slice(SIGNATURE_PATTERN.length).trim();
  const [hex = '', fragment, ...extra] = digest.split(':');
  const candidates = fragment === undefined ? keys : keys.filter((k) => k.fragment === fragment);
  if (candidates.length === 0 || extra.length > 0) return { ok: false, reason: 'signed by an untrusted key' };
  let der: Buffer;
  try {
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new Error('not hex');
    der = gobDecodeBytes(Buffer.from(hex, 'hex'));
  } catch {
    return { ok: false, reason: 'signature does not match its content' };
  }
  const data = signedBytes(content, options.imports);
  for (const k of candidates) {
    let ok = false;
    try {
      ok = cryptoVerify('sha256', data, { key: k.key, dsaEncoding: 'der' }, der);
    } catch {
      ok = false;
    }
    if (ok) return { ok: true, signer: k.name, fragment: k.fragment };
  }
  return { ok: false, reason: 'signature does not match its content' };
}

/** A private key for signing: nuclei's `PD NUCLEI USER PRIVATE KEY` (SEC1), `EC PRIVATE KEY` or `PRIVATE KEY`. */
export function signingKey(pem: string): KeyObject {
  const block = pemBlock(pem);
  if (block.encrypted)
    throw new Error(
      'the private key is encrypted with a passphrase; decrypt it first (openssl ec -in key.pem)',
    );
  const key =
    block.label === 'PRIVATE KEY'
      ? createPrivateKey({ key: block.der, format: 'der', type: 'pkcs8' })
      : createPrivateKey({ key: block.der, format: 'der', type: 'sec1' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('a template-signing key must be an ECDSA P-256 key');
  return key;
}

/**
 * The template text signed as nuclei's `-sign` writes it: the content before any old digest line,
 * trimmed, then `\n# digest: <hex>:<fragment>` (no newline after it). Nuclei signs the bytes with
 * CRLF kept but verifies them with CRLF made LF; here the signed bytes are the verified ones, so a
 * CRLF file signed here verifies in nuclei too.
 */
export function signTemplate(
  text: string,
  privateKeyPem: string,
  imports: readonly (string | Buffer)[] = [],
  options: { readonly hasCode?: boolean } = {},
): string {
  const key = signingKey(privateKeyPem);
  const { signature, content } = splitSignature(text);
  const fragment = keyFragment(createPublicKey(key));
  // As nuclei: a code template signed by another key (or with no key fragment) is not re-signed.
  if (options.hasCode && signature !== undefined) {
    const parts = signature.slice(SIGNATURE_PATTERN.length).trim().split(':');
    if (parts.length !== 2 || parts[1] !== fragment)
      throw new Error('re-signing code templates are not allowed for security reasons.');
  }
  const der = cryptoSign('sha256', signedBytes(content, imports), { key, dsaEncoding: 'der' });
  return `${content}\n${SIGNATURE_PATTERN}${gobEncodeBytes(der).toString('hex')}:${fragment}`;
}

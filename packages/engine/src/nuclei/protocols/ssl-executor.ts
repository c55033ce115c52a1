import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import {
  type ConnectionOptions,
  type PeerCertificate,
  type SecureVersion,
  type TLSSocket,
  connect as tlsConnect,
} from 'node:tls';
import { prefetchJarm } from '../dsl/jarm/jarm-helper.js';
import { renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import { evaluateOperators } from '../operators/evaluate-operators.js';
import type { BlockOutcome, TemplateRun } from '../scan/context.js';
import { emitFindings, storeExtracted } from '../scan/emit-findings.js';
import { LayeredScope } from '../scan/layered-scope.js';
import { domainVariables } from '../target.js';
import type { SslBlock } from '../template-model.js';
import { onAbort } from '../util/abort-registry.js';
import { matchBudget } from '../util/budget.js';
import { exportFields, exportsFields } from './export-fields.js';
import { partReader } from './http-executor.js';

const VERSIONS: Record<string, SecureVersion> = {
  tls10: 'TLSv1',
  tls11: 'TLSv1.1',
  tls12: 'TLSv1.2',
  tls13: 'TLSv1.3',
};
const NAMES: Record<string, string> = {
  TLSv1: 'tls10',
  'TLSv1.1': 'tls11',
  'TLSv1.2': 'tls12',
  'TLSv1.3': 'tls13',
};

/** Runs one SSL block: a TLS handshake, then certificate facts as fields (and a JSON `response`). */
export async function runSslBlock(run: TemplateRun, block: SslBlock): Promise<BlockOutcome> {
  const { scan, target } = run;
  if (!target) return { matched: false, matchedNames: [] };
  const port = target.explicitPort ?? 443;
  const base = new Map<string, DslValue>([
    ['Hostname', `${target.host}:${port}`],
    ['Host', target.host],
    ['Port', String(port)],
    ...domainVariables(target.host),
  ]);
  const scope = new LayeredScope(new Map(), run.state, base);
  const address = renderTemplate(block.address, scope);
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(address);
  const host = (m?.[1] ?? target.host).replace(/^\[|\]$/g, '');
  const targetPort = Number(m?.[2] ?? port);
  let fields: Map<string, DslValue>;
  try {
    await scan.limiter.take(scan.signal);
    fields = await handshake(host, targetPort, block, scan.options.sni, scan.options.timeoutMs, scan.signal);
  } catch (error) {
    // Only HTTP errors count against the host (nuclei's hosterrorscache.checkError).
    scan.emit({
      type: 'failure',
      templateId: run.template.id,
      target: target.input,
      protocol: 'ssl',
      message: `${host}:${targetPort}: ${(error as Error).message}`,
    });
    return { matched: false, matchedNames: [] };
  }
  if (exportsFields(run.template)) exportFields(run, block, fields);
  const opScope = new LayeredScope(fields, run.state, base);
  const read = partReader(opScope);
  const jarm = prefetchJarm(block.operators, opScope, {
    timeoutMs: scan.options.timeoutMs,
    signal: scan.signal,
  });
  if (jarm) await jarm;
  const outcome = evaluateOperators(block.operators, {
    scope: opScope,
    part: (p) => read(p ?? 'response'),
    budget: matchBudget(run.scan.signal, run.scan.options.matchTimeoutMs),
  });
  storeExtracted(run, outcome.extracted);
  // A flow call reads the operator result of every response (see js/flow/call-result.ts).
  run.observe?.(outcome);
  emitFindings(run, 'ssl', outcome, {
    matchedAt: `${host}:${targetPort}`,
    response: String(fields.get('response')),
    ip: host,
  });
  return { matched: outcome.matched, matchedNames: outcome.matchedNames };
}

function handshake(
  host: string,
  port: number,
  block: SslBlock,
  sni: string | undefined,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Map<string, DslValue>> {
  return new Promise((resolve, reject) => {
    const servername = sni ?? (isIP(host) ? undefined : host);
    const socket: TLSSocket = tlsConnect({
      host,
      port,
      servername,
      rejectUnauthorized: false,
      minVersion: block.minVersion ? VERSIONS[block.minVersion] : 'TLSv1',
      maxVersion: block.maxVersion ? VERSIONS[block.maxVersion] : undefined,
      // A scanner must complete the handshakes a weak server offers (TLS 1.0/1.1 with ECDHE,
      // legacy signature algorithms): OpenSSL's default security level refuses them, which
      // would hide exactly the weaknesses the ssl templates look for.
      ciphers: 'DEFAULT@SECLEVEL=0',
    } as ConnectionOptions);
    // Not `signal` in the options: Node adds one listener per socket to the scan's signal (and
    // warns past 10); the registry keeps it at one.
    const unregister = onAbort(signal, () => socket.destroy(new Error('aborted')));
    socket.once('close', unregister);
    const timer = setTimeout(
      () => socket.destroy(new Error(`TLS handshake timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate(false) as PeerCertificate;
      const raw = cert.raw ? new X509Certificate(cert.raw) : undefined;
      const fields = certificateFields(socket, cert, raw, host, port, servername);
      socket.destroy();
      resolve(fields);
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** Node's `C=US\nCN=x` (first RDN first) as Go's pkix.Name.String(): `CN=x,C=US`. */
const distinguishedName = (name: string | undefined): string =>
  name ? name.split('\n').filter(Boolean).reverse().join(',') : '';

function certificateFields(
  socket: TLSSocket,
  cert: PeerCertificate,
  x509: X509Certificate | undefined,
  host: string,
  port: number,
  servername: string | undefined,
): Map<string, DslValue> {
  const altNames = (cert.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^DNS:/, ''))
    .filter(Boolean);
  const notAfter = cert.valid_to ? new Date(cert.valid_to) : undefined;
  const notBefore = cert.valid_from ? new Date(cert.valid_from) : undefined;
  const subjectCn = String(cert.subject?.CN ?? '');
  const checkName = servername ?? host;
  const mismatched = x509 ? !(isIP(checkName) ? x509.checkIP(checkName) : x509.checkHost(checkName)) : true;
  const doc: Record<string, DslValue> = {
    host,
    port: String(port),
    probe_status: true,
    tls_version: NAMES[socket.getProtocol() ?? ''] ?? socket.getProtocol() ?? '',
    cipher: socket.getCipher()?.name ?? '',
    not_before: notBefore?.toISOString() ?? '',
    not_after: notAfter?.toISOString() ?? '',
    expired: notAfter ? notAfter.getTime() < Date.now() : false,
    self_signed: JSON.stringify(cert.subject) === JSON.stringify(cert.issuer),
    mismatched,
    wildcard_certificate: altNames.some((n) => n.startsWith('*.')) || subjectCn.startsWith('*.'),
    subject_cn: subjectCn,
    subject_org: String(cert.subject?.O ?? ''),
    subject_an: altNames,
    // tlsx's subject_dn/issuer_dn: the distinguished name as RFC 2253 writes it (last RDN first).
    subject_dn: distinguishedName(x509?.subject),
    issuer_dn: distinguishedName(x509?.issuer),
    issuer_cn: String(cert.issuer?.CN ?? ''),
    issuer_org: String(cert.issuer?.O ?? ''),
    serial: cert.serialNumber ?? '',
    fingerprint_sha256: (cert.fingerprint256 ?? '').replace(/:/g, '').toLowerCase(),
  };
  const fields = new Map<string, DslValue>(Object.entries(doc));
  fields.set('response', JSON.stringify(doc));
  return fields;
}

import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { prefetchJarm } from '../dsl/jarm/jarm-helper.js';
import { renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import { OobBlock } from '../interactsh/oob-block.js';
import { evaluateOperators } from '../operators/evaluate-operators.js';
import { payloadCombos } from '../payloads/generate-payloads.js';
import type { BlockOutcome, TemplateRun } from '../scan/context.js';
import { emitFindings, storeExtracted } from '../scan/emit-findings.js';
import { hostErrorKey } from '../scan/host-errors.js';
import { LayeredScope } from '../scan/layered-scope.js';
import { domainVariables } from '../target.js';
import type { TcpBlock } from '../template-model.js';
import { onAbort } from '../util/abort-registry.js';
import { matchBudget } from '../util/budget.js';
import { exportFields, exportsFields } from './export-fields.js';
import { partReader } from './http-executor.js';
import { SocketReader } from './socket-reader.js';

interface Address {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
}

/** Where to connect: the rendered `host` entry; an explicit input port beats the template's. */
export function tcpAddress(
  entry: string,
  inputPort: number | undefined,
  templatePort: string | undefined,
): Address | undefined {
  const tls = entry.startsWith('tls://');
  const rest = entry.replace(/^(tls|tcp):\/\//, '');
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(rest);
  if (!m) return undefined;
  const port =
    inputPort ?? (m[2] ? Number(m[2]) : templatePort ? Number(templatePort.split(',')[0]) : undefined);
  if (!port) return undefined;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port, tls };
}

/** Runs one TCP block: connect, send each input, named reads, final read of `read-size`. */
export async function runTcpBlock(run: TemplateRun, block: TcpBlock): Promise<BlockOutcome> {
  const { scan, target } = run;
  if (!target) return { matched: false, matchedNames: [] };
  const port = target.explicitPort ?? (block.port ? Number(block.port.split(',')[0]) : undefined);
  const base = new Map<string, DslValue>([
    ['Hostname', port ? `${target.host}:${port}` : target.host],
    ['Host', target.host],
    ['Port', port === undefined ? '' : String(port)],
    ...domainVariables(target.host),
  ]);
  let matched = false;
  const names = new Set<string>();
  const hosts = block.hosts.length > 0 ? block.hosts : ['{{Hostname}}'];
  for (const combo of payloadCombos(block.payloads, block.attack)) {
    for (const entry of hosts) {
      if (scan.signal.aborted || scan.hostErrors.isBlocked(hostErrorKey(target)))
        return { matched, matchedNames: [...names] };
      const scope = new LayeredScope(new Map(), combo as Map<string, DslValue>, run.state, base);
      const address = tcpAddress(renderTemplate(entry, scope), target.explicitPort, block.port);
      if (!address) continue;
      // Out-of-band: each {{interactsh-url}} the inputs send is a callback host of its own.
      const oob = OobBlock.open(run, block.operators, 'tcp', (s) => {
        const r = partReader(s);
        return (p) => r(p ?? 'data');
      });
      const exchange = await converse(run, block, address, scope, oob);
      if (!exchange) {
        oob?.cancel();
        continue;
      }
      if (exportsFields(run.template)) exportFields(run, block, exchange.fields);
      const opScope = new LayeredScope(exchange.fields, combo as Map<string, DslValue>, run.state, base);
      const read = partReader(opScope);
      const jarm = prefetchJarm(block.operators, opScope, {
        timeoutMs: scan.options.timeoutMs,
        signal: scan.signal,
      });
      if (jarm) await jarm;
      const outcome = evaluateOperators(block.operators, {
        scope: opScope,
        part: (p) => read(p ?? 'data'),
        budget: matchBudget(run.scan.signal, run.scan.options.matchTimeoutMs),
      });
      storeExtracted(run, outcome.extracted);
      // A flow call reads the operator result of every response (see js/flow/call-result.ts).
      run.observe?.(outcome);
      const at = `${address.host}:${address.port}`;
      emitFindings(run, 'tcp', outcome, {
        matchedAt: at,
        request: exchange.request,
        response: exchange.response,
        ip: address.host,
      });
      oob?.arm(outcome.matched, opScope, {
        matchedAt: at,
        request: exchange.request,
        response: exchange.response,
        ip: address.host,
      });
      if (outcome.matched) {
        matched = true;
        for (const n of outcome.matchedNames) names.add(n);
      }
    }
  }
  return { matched, matchedNames: [...names] };
}

async function converse(
  run: TemplateRun,
  block: TcpBlock,
  address: Address,
  scope: LayeredScope,
  oob?: OobBlock,
): Promise<{ fields: Map<string, DslValue>; request: string; response: string } | undefined> {
  const { scan } = run;
  let socket: Socket | undefined;
  try {
    await scan.limiter.take(scan.signal);
    socket = await open(address, scan.options.timeoutMs, run.scan.signal);
    const reader = new SocketReader(socket);
    const fields = new Map<string, DslValue>();
    let request = '';
    let response = '';
    for (const input of block.inputs) {
      const rendered = renderTemplate(oob ? oob.substitute(input.data) : input.data, scope);
      const data = input.hexAfterRender
        ? Buffer.from(rendered.replace(/\s+/g, ''), 'hex').toString('latin1')
        : rendered;
      request += data;
      socket.write(Buffer.from(data, 'latin1'));
      if (input.read > 0) {
        const got = (await reader.read(input.read, scan.options.tcpReadTimeoutMs)).toString('latin1');
        response += got;
        if (input.name) fields.set(input.name, got);
      }
    }
    const data = (
      await reader.read(
        block.readAll ? scan.options.responseReadLimit : block.readSize,
        scan.options.tcpReadTimeoutMs,
        block.readAll,
      )
    ).toString('latin1');
    response += data;
    fields.set('data', data);
    fields.set('raw', response);
    fields.set('request', request);
    fields.set('host', `${address.host}:${address.port}`);
    return { fields, request, response };
  } catch (error) {
    // Only HTTP errors count against the host (nuclei's hosterrorscache.checkError).
    scan.emit({
      type: 'failure',
      templateId: run.template.id,
      target: run.target!.input,
      protocol: 'tcp',
      message: `${address.host}:${address.port}: ${(error as Error).message}`,
    });
    return undefined;
  } finally {
    socket?.destroy();
  }
}

function open(address: Address, timeoutMs: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = address.tls
      ? tlsConnect({
          host: address.host,
          port: address.port,
          rejectUnauthorized: false,
          servername: /^[\d.]+$/.test(address.host) ? undefined : address.host,
        })
      : netConnect({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connect timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    // Through the registry: one listener on the scan's signal, however many sockets are opening.
    const unregister = onAbort(signal, () => socket.destroy(new Error('aborted')));
    socket.once(address.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      unregister();
      resolve(socket);
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      unregister();
      reject(e);
    });
  });
}

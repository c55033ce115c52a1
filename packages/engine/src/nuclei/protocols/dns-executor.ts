import { isIPv4 } from 'node:net';
import { prefetchJarm } from '../dsl/jarm/jarm-helper.js';
import { renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import { OobBlock } from '../interactsh/oob-block.js';
import { evaluateOperators } from '../operators/evaluate-operators.js';
import { payloadCombos } from '../payloads/generate-payloads.js';
import type { BlockOutcome, TemplateRun } from '../scan/context.js';
import { emitFindings, storeExtracted } from '../scan/emit-findings.js';
import { LayeredScope } from '../scan/layered-scope.js';
import { domainVariables } from '../target.js';
import type { DnsBlock } from '../template-model.js';
import { matchBudget } from '../util/budget.js';
import { type DnsReply, queryDns, recordData, recordLine } from './dns-wire.js';
import { exportFields, exportsFields } from './export-fields.js';
import { partReader } from './http-executor.js';

const reverseName = (ip: string) => `${ip.split('.').reverse().join('.')}.in-addr.arpa`;

/** Runs one DNS block: one query per payload combination through the configured resolvers. */
export async function runDnsBlock(run: TemplateRun, block: DnsBlock): Promise<BlockOutcome> {
  const { scan, target } = run;
  const host = target?.host ?? '';
  const base = new Map<string, DslValue>([
    ['Hostname', host],
    ['Host', host],
    ['Input', target?.input ?? ''],
    ...domainVariables(host),
  ]);
  const resolvers = block.resolvers.length > 0 ? block.resolvers : scan.options.resolvers;
  let matched = false;
  const names = new Set<string>();
  for (const combo of payloadCombos(block.payloads, block.attack)) {
    if (scan.signal.aborted) break;
    const scope = new LayeredScope(new Map(), combo as Map<string, DslValue>, run.state, base);
    // Out-of-band: each {{interactsh-url}} in the name is a callback host of its own.
    const oob = OobBlock.open(run, block.operators, 'dns', (s) => {
      const r = partReader(s);
      return (p) => r(p ?? 'raw');
    });
    let name = renderTemplate(oob ? oob.substitute(block.name) : block.name, scope).replace(/\.$/, '');
    if (block.type === 'PTR' && isIPv4(name)) name = reverseName(name);
    const reply = await resolve(run, block, name, resolvers);
    if (!reply) {
      oob?.cancel();
      continue;
    }
    const fields = replyFields(reply, name, block.type);
    if (exportsFields(run.template)) exportFields(run, block, fields);
    const opScope = new LayeredScope(fields, combo as Map<string, DslValue>, run.state, base);
    const read = partReader(opScope);
    const jarm = prefetchJarm(block.operators, opScope, {
      timeoutMs: scan.options.timeoutMs,
      signal: scan.signal,
    });
    if (jarm) await jarm;
    const outcome = evaluateOperators(block.operators, {
      scope: opScope,
      part: (p) => read(p ?? 'raw'),
      budget: matchBudget(run.scan.signal, run.scan.options.matchTimeoutMs),
    });
    storeExtracted(run, outcome.extracted);
    // A flow call reads the operator result of every response (see js/flow/call-result.ts).
    run.observe?.(outcome);
    emitFindings(run, 'dns', outcome, {
      matchedAt: name,
      request: String(fields.get('request')),
      response: String(fields.get('raw')),
    });
    oob?.arm(outcome.matched, opScope, {
      matchedAt: name,
      request: String(fields.get('request')),
      response: String(fields.get('raw')),
    });
    if (outcome.matched) {
      matched = true;
      for (const n of outcome.matchedNames) names.add(n);
    }
  }
  return { matched, matchedNames: [...names] };
}

async function resolve(
  run: TemplateRun,
  block: DnsBlock,
  name: string,
  resolvers: readonly string[],
): Promise<DnsReply | undefined> {
  const { scan } = run;
  const attempts = (block.retries ?? scan.options.dnsRetries) + 1;
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const resolver = resolvers[attempt % resolvers.length]!;
    try {
      await scan.limiter.take(scan.signal);
      return await queryDns(name, block.type, resolver, block.recursion, scan.options.timeoutMs, scan.signal);
    } catch (error) {
      lastError = error as Error;
      if (scan.signal.aborted) return undefined;
    }
  }
  scan.emit({
    type: 'failure',
    templateId: run.template.id,
    target: run.target?.input ?? name,
    protocol: 'dns',
    message: `${block.type} ${name}: ${lastError?.message ?? 'no answer'}`,
  });
  return undefined;
}

/** DNS fields: `raw` is dig-style text (the default part), `answer`, `ns`, `extra`, `rcode`. */
function replyFields(reply: DnsReply, name: string, type: string): Map<string, DslValue> {
  const answer = reply.answers.map(recordLine).join('\n');
  const ns = reply.authorities.map(recordLine).join('\n');
  const extra = reply.additionals.map(recordLine).join('\n');
  const question = `;${name}.\tIN\t${type}`;
  const raw = [
    `;; ->>HEADER<<- opcode: QUERY, status: ${reply.rcode}, id: ${reply.id}`,
    ';; QUESTION SECTION:',
    question,
    '',
    ';; ANSWER SECTION:',
    answer,
    ...(ns ? ['', ';; AUTHORITY SECTION:', ns] : []),
    ...(extra ? ['', ';; ADDITIONAL SECTION:', extra] : []),
  ].join('\n');
  const rcodes: Record<string, number> = {
    NOERROR: 0,
    FORMERR: 1,
    SERVFAIL: 2,
    NXDOMAIN: 3,
    NOTIMP: 4,
    REFUSED: 5,
  };
  const fields = new Map<string, DslValue>([
    ['raw', raw],
    ['answer', answer],
    ['ns', ns],
    ['extra', extra],
    ['question', question],
    ['rcode', rcodes[reply.rcode] ?? reply.rcode],
    ['request', question],
    ['host', name],
    ['type', type],
    ['data', reply.answers.map(recordData)],
  ]);
  // nuclei's recordsKeyValue: each answer's data under its lowercased type (`a`, `cname`, `txt`…),
  // the trailing dot dropped; a type answered twice becomes a list.
  for (const answer of reply.answers) {
    const key = answer.type.toLowerCase();
    const value = recordData(answer).replace(/\.$/, '');
    const prior = fields.get(key);
    fields.set(
      key,
      prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior as string, value],
    );
  }
  return fields;
}

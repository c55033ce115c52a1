import type { DslValue } from '../dsl/values.js';
import { evaluateOperators } from '../operators/evaluate-operators.js';
import type { Operators } from '../operators/types.js';
import type { TemplateRun } from '../scan/context.js';
import { emitFindings } from '../scan/emit-findings.js';
import { LayeredScope } from '../scan/layered-scope.js';
import type { ScanProtocol } from '../types.js';
import { matchBudget } from '../util/budget.js';
import type { Interaction } from './interactsh-client.js';

/** nuclei's marker: every occurrence becomes its own callback host. */
const MARKER = '{{interactsh-url}}';

/** Where an out-of-band finding of a tcp or dns block says it matched, and its evidence. */
export interface OobEvidence {
  readonly matchedAt: string;
  readonly request: string;
  readonly response: string;
  readonly ip?: string;
}

/**
 * Out-of-band matching for one tcp or dns request, as nuclei's interactsh support in those
 * protocols: each `{{interactsh-url}}` in what the request sends is a new callback host
 * (nuclei's ReplaceMarkers), and when the operators did not match on the answer alone they are
 * evaluated again, with `interactsh_protocol`, `interactsh_request` (a DNS request lower-cased:
 * resolvers randomise a name's case), `interactsh_response` and `interactsh_ip`, for every
 * interaction any of those hosts receives until one matches.
 *
 * @example
 *   const oob = OobBlock.open(run, block.operators, 'tcp', (p) => read(p ?? 'data'));
 *   const sent = oob ? oob.substitute(input.data) : input.data;
 *   // … send, read, evaluate …
 *   oob?.arm(outcome.matched, opScope, { matchedAt, request, response });
 */
export class OobBlock {
  private readonly hosts: string[] = [];
  private armed: { scope: LayeredScope; evidence: OobEvidence } | undefined;
  private done = false;

  private constructor(
    private readonly run: TemplateRun,
    private readonly operators: Operators,
    private readonly protocol: ScanProtocol,
    private readonly part: (scope: LayeredScope) => (p: string | undefined) => string | undefined,
  ) {}

  /** A watch for this request when the template is out-of-band and the scan has a server. */
  static open(
    run: TemplateRun,
    operators: Operators,
    protocol: ScanProtocol,
    part: (scope: LayeredScope) => (p: string | undefined) => string | undefined,
  ): OobBlock | undefined {
    return run.template.needsInteractsh && run.scan.interactsh
      ? new OobBlock(run, operators, protocol, part)
      : undefined;
  }

  /** `text` with each `{{interactsh-url}}` replaced by a callback host of its own. */
  substitute(text: string): string {
    if (!text.includes(MARKER)) return text;
    return text.split(MARKER).reduce((out, piece) => `${out}${this.newHost()}${piece}`);
  }

  /** The hosts handed out so far (tests, evidence). */
  get urls(): readonly string[] {
    return this.hosts;
  }

  /** After the answer was evaluated: matched already, or wait for interactions. */
  arm(matched: boolean, scope: LayeredScope, evidence: OobEvidence): void {
    if (matched || this.hosts.length === 0) this.cancel();
    else this.armed = { scope, evidence };
  }

  cancel(): void {
    if (this.done) return;
    this.done = true;
    for (const host of this.hosts) this.run.scan.interactsh?.forget(host);
  }

  private newHost(): string {
    const host = this.run.scan.interactsh!.newUrl((i) => this.onInteraction(i));
    this.hosts.push(host);
    return host;
  }

  private onInteraction(i: Interaction): void {
    if (this.done || !this.armed) return;
    const fields = new Map<string, DslValue>([
      ['interactsh_protocol', i.protocol],
      ['interactsh_request', i.protocol === 'dns' ? i.rawRequest.toLowerCase() : i.rawRequest],
      ['interactsh_response', i.rawResponse],
      ['interactsh_ip', i.remoteAddress],
    ]);
    const scope = new LayeredScope(fields, this.armed.scope);
    const outcome = evaluateOperators(this.operators, {
      scope,
      part: this.part(scope),
      budget: matchBudget(this.run.scan.signal, this.run.scan.options.matchTimeoutMs),
    });
    if (!outcome.matched) return;
    const { evidence } = this.armed;
    emitFindings(this.run, this.protocol, outcome, {
      matchedAt: evidence.matchedAt,
      request: evidence.request,
      response: evidence.response,
      ...(evidence.ip ? { ip: evidence.ip } : {}),
    });
    this.cancel();
  }
}

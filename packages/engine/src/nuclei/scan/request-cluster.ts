import type { HttpRequestSpec, HttpResponse } from '../http/types.js';
import type { CompiledTemplate, HttpBlock, WorkflowStep } from '../template-model.js';

/**
 * Request clustering as Nuclei does it: when templates send the very same request (method, URL,
 * headers, body, no cookie, no raw bytes) to the same target, it goes out once and every template
 * matches its own operators on the shared response. Dozens of `GET /` detection templates then
 * cost one request per host. In-flight requests are shared too. A response is let go once every
 * template of its group has taken it (nuclei matches a cluster's templates on the response at
 * once, then drops it); responses some template may still ask for stay, the least recently used
 * going first past `capacity`.
 */
export class RequestCluster {
  private readonly entries = new Map<string, Entry>();
  sent = 0;
  shared = 0;

  /**
   * @param candidates the blocks worth a cluster key (see `forTemplates`), each with the number
   *   of blocks sending the same request; without it every clusterable block is keyed, and its
   *   responses are kept until `capacity` pushes them out.
   */
  constructor(
    private readonly capacity = 1024,
    private readonly candidates?: ReadonlyMap<HttpBlock, number>,
  ) {}

  /**
   * A cluster for one scan's templates. As nuclei's clusterer does at load, blocks are grouped by
   * their request as written (method, path or raw text, headers, body, size limit): only a block
   * whose request another template also writes can ever share a response, so only those pay for a
   * key and a cache entry per request (about 3 µs and a promise each, on every request otherwise).
   */
  static forTemplates(templates: readonly CompiledTemplate[], capacity = 1024): RequestCluster {
    const bySignature = new Map<string, HttpBlock[]>();
    const visit = (template: CompiledTemplate) => {
      if (template.workflow) return visitSteps(template.workflow);
      const block = template.blocks[0];
      if (block?.protocol !== 'http' || !isClusterable(template, block)) return;
      const signature = JSON.stringify([
        block.method,
        block.paths,
        block.raw,
        block.headers,
        block.body ?? '',
        block.maxSize ?? -1,
      ]);
      const group = bySignature.get(signature);
      if (group) group.push(block);
      else bySignature.set(signature, [block]);
    };
    const visitSteps = (steps: readonly WorkflowStep[]) => {
      for (const step of steps) {
        step.templates.forEach(visit);
        visitSteps(step.subtemplates);
        for (const m of step.matchers) visitSteps(m.subtemplates);
      }
    };
    templates.forEach(visit);
    const candidates = new Map<HttpBlock, number>();
    for (const group of bySignature.values())
      if (group.length > 1) for (const b of group) candidates.set(b, group.length);
    return new RequestCluster(capacity, candidates);
  }

  /** Whether this block's requests go through the cluster in this scan. */
  wants(template: CompiledTemplate, block: HttpBlock): boolean {
    return this.candidates ? this.candidates.has(block) : isClusterable(template, block);
  }

  /** How many blocks send this block's request (to one target each): its response's takers. */
  takers(block: HttpBlock): number {
    return this.candidates?.get(block) ?? Number.POSITIVE_INFINITY;
  }

  /** The cluster key of a request, or undefined when it must not be shared. */
  static key(spec: HttpRequestSpec, readLimit: number): string | undefined {
    if (spec.rawBytes !== undefined || spec.connectTo !== undefined) return undefined;
    let key = `${spec.method} ${spec.url} ${readLimit} ${spec.sni ?? ''}\n`;
    for (const [k, v] of spec.headers) {
      if (k.length === 6 && k.toLowerCase() === 'cookie') return undefined;
      key += `${k}: ${v}\n`;
    }
    return `${key}\n${spec.body}`;
  }

  /**
   * Sends through `send` unless an identical request is in flight or was answered recently.
   * `takers`: how many runs will ask for this key (`takers(block)`); the entry goes after the last.
   * A template whose request renders differently from its group's leaves the count short: that
   * entry then stays until the capacity pushes it out, as every entry did before.
   */
  run(
    key: string,
    send: () => Promise<HttpResponse | undefined>,
    takers = Number.POSITIVE_INFINITY,
  ): Promise<HttpResponse | undefined> {
    const known = this.entries.get(key);
    if (known) {
      this.shared++;
      this.entries.delete(key);
      // Least recently used goes first: a request many templates send (`GET /`) stays shared
      // however many others pass through; the last of its takers lets its response go.
      if (--known.left > 0) this.entries.set(key, known);
      return known.pending;
    }
    this.sent++;
    const pending = send().then((res) => {
      // Failures are not shared later: the next template retries and records its own failure.
      if (!res && this.entries.get(key) === entry) this.entries.delete(key);
      return res;
    });
    const entry: Entry = { pending, left: takers - 1 };
    if (entry.left <= 0) return pending;
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}

interface Entry {
  readonly pending: Promise<HttpResponse | undefined>;
  /** Runs still expected to ask for it. */
  left: number;
}

/** As nuclei: only templates made of one request, without payloads or races, share responses. */
function isClusterable(template: CompiledTemplate, block: HttpBlock): boolean {
  return (
    template.blocks.length === 1 &&
    block.paths.length + block.raw.length === 1 &&
    block.payloads.size === 0 &&
    !block.race &&
    !block.needsHistory
  );
}

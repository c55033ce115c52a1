import type { HttpRequestSpec, HttpResponse } from '../http/types.js';

/**
 * Request clustering as Nuclei does it: when templates send the very same request (method, URL,
 * headers, body, no cookie, no raw bytes) to the same target, it goes out once and every template
 * matches its own operators on the shared response. Dozens of `GET /` detection templates then
 * cost one request per host. In-flight requests are shared too; a bounded number of recently used
 * responses (LRU) is kept so memory stays flat on large scans.
 */
export class RequestCluster {
  private readonly entries = new Map<string, Promise<HttpResponse | undefined>>();
  sent = 0;
  shared = 0;

  constructor(private readonly capacity = 1024) {}

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

  /** Sends through `send` unless an identical request is in flight or was answered recently. */
  run(key: string, send: () => Promise<HttpResponse | undefined>): Promise<HttpResponse | undefined> {
    const known = this.entries.get(key);
    if (known) {
      this.shared++;
      // Least recently used goes first: a request many templates send (`GET /`) stays shared
      // however many others pass through.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    this.sent++;
    const pending = send().then((res) => {
      // Failures are not shared later: the next template retries and records its own failure.
      if (!res) this.entries.delete(key);
      return res;
    });
    this.entries.set(key, pending);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}

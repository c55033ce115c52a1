import { expect } from 'vitest';
import type { CaseSetup, Harness } from './harness.js';

/** One input request of a fuzzing case, on the case's own server. */
export interface FuzzCaseInput {
  readonly method?: string;
  /** Path and query (`/search?q=1`). */
  readonly path: string;
  readonly headers?: readonly [string, string][];
  readonly body?: string;
}

export interface FuzzCase {
  /** Requests to fuzz; none: the case's target URL (`targetPath`) is fuzzed as a GET. */
  readonly inputs?: readonly FuzzCaseInput[];
  readonly targetPath?: string;
  /** Headers shown in the summary of each request received (lower case). */
  readonly show?: readonly string[];
  /** Exactly the requests the server must receive, in order: `METHOD /path?query` [header=value…] [body=…]. */
  readonly received: readonly string[];
}

/**
 * A server for the fuzzing cases: it answers `PWNED` to any request carrying `PWN` (in its URL,
 * headers or body) and records every request, which the case checks exactly after the scan.
 */
export function fuzzCase(spec: FuzzCase): (h: Harness) => Promise<CaseSetup> {
  return async (h) => {
    const got: string[] = [];
    const url = await h.http((req, res) => {
      let body = '';
      req.setEncoding('latin1');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        const shown = (spec.show ?? []).map((name) => {
          const values = [];
          for (let i = 0; i < req.rawHeaders.length; i += 2)
            if (req.rawHeaders[i]!.toLowerCase() === name) values.push(req.rawHeaders[i + 1]);
          return ` ${name}=${values.join('|')}`;
        });
        got.push(`${req.method} ${req.url}${shown.join('')}${body ? ` body=${body}` : ''}`);
        const all = req.url! + JSON.stringify(req.rawHeaders) + body;
        res.setHeader('content-type', 'text/plain');
        res.end(all.includes('PWN') ? 'PWNED' : 'ok');
      });
    });
    return {
      targets: spec.inputs ? [] : [url + (spec.targetPath ?? '/')],
      ...(spec.inputs
        ? {
            fuzzInputs: spec.inputs.map((i) => ({
              method: i.method ?? 'GET',
              url: url + i.path,
              headers: i.headers ?? [],
              ...(i.body !== undefined ? { body: i.body } : {}),
            })),
          }
        : {}),
      verify: () => expect(got).toEqual(spec.received),
    };
  };
}

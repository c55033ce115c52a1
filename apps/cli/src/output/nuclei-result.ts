import type { Finding } from '@didban/engine';

/**
 * A finding as one line of nuclei's `-jsonl` output (`pkg/output` ResultEvent), so tools that read
 * nuclei's JSON lines read ours: kebab-case keys, `info` with the template's metadata,
 * `matcher-status: true`, empty fields omitted as nuclei's `omitempty` does.
 */
export type NucleiResult = {
  template?: string;
  'template-id': string;
  'template-path'?: string;
  info: {
    name: string;
    author: string[];
    tags: string[];
    description?: string;
    reference?: string[];
    severity: string;
    impact?: string;
    remediation?: string;
    classification?: Record<string, unknown>;
    metadata?: Record<string, unknown>;
  };
  'matcher-name'?: string;
  'extractor-name'?: string;
  type: string;
  host?: string;
  port?: string;
  scheme?: string;
  url?: string;
  path?: string;
  'matched-at': string;
  'extracted-results'?: string[];
  /** file templates: the lines of the file that matched (nuclei's `matched-line`). */
  'matched-line'?: number[];
  request?: string;
  response?: string;
  ip?: string;
  timestamp: string;
  'curl-command'?: string;
  'matcher-status': boolean;
  /** Fuzzing (DAST) findings: where the value went (nuclei's `fuzzing_*` fields). */
  is_fuzzing_result?: boolean;
  fuzzing_method?: string;
  fuzzing_parameter?: string;
  fuzzing_position?: string;
};

/** `omitRaw` is nuclei's `-or`: no request and response in the line. */
export function nucleiResult(f: Finding, { omitRaw = false }: { omitRaw?: boolean } = {}): NucleiResult {
  const info = f.info;
  const url = f.protocol === 'http' || f.protocol === 'headless' ? safeUrl(f.matchedAt) : undefined;
  const reference = info.reference.filter(Boolean);
  return {
    ...(f.templatePath ? { template: f.templatePath, 'template-path': f.templatePath } : {}),
    'template-id': f.templateId,
    info: {
      name: info.name,
      author: [...info.author],
      tags: [...info.tags],
      ...(info.description ? { description: info.description } : {}),
      ...(reference.length ? { reference } : {}),
      severity: info.severity,
      ...(info.impact ? { impact: info.impact } : {}),
      ...(info.remediation ? { remediation: info.remediation } : {}),
      ...(info.classification ? { classification: { ...info.classification } } : {}),
      ...(info.metadata ? { metadata: { ...info.metadata } } : {}),
    },
    ...(f.matcherName ? { 'matcher-name': f.matcherName } : {}),
    ...(f.extractorName ? { 'extractor-name': f.extractorName } : {}),
    type: f.protocol,
    // nuclei 3: host is the host name; port, scheme and url describe the input it ran on.
    ...(url
      ? {
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || (url.protocol === 'https:' ? '443' : '80'),
          scheme: url.protocol.replace(':', ''),
          url: url.origin,
          path: url.pathname,
        }
      : { host: f.host }),
    'matched-at': f.matchedAt,
    ...(f.extractedResults.length ? { 'extracted-results': [...f.extractedResults] } : {}),
    ...(f.request && !omitRaw ? { request: f.request } : {}),
    ...(f.response && !omitRaw ? { response: f.response } : {}),
    ...(f.ip ? { ip: f.ip } : {}),
    ...(f.lines?.length ? { 'matched-line': [...f.lines] } : {}),
    timestamp: f.timestamp,
    ...(f.protocol === 'http' && f.request ? { 'curl-command': curlCommand(f.request, f.matchedAt) } : {}),
    'matcher-status': true,
    ...(f.fuzzing
      ? {
          is_fuzzing_result: true,
          fuzzing_method: f.fuzzing.method,
          fuzzing_parameter: f.fuzzing.parameter,
          fuzzing_position: f.fuzzing.part,
        }
      : {}),
  };
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The request as a curl command line, as nuclei prints it (`curl -X 'GET' -d '' -H '…' 'url'`). */
export function curlCommand(rawRequest: string, url: string): string {
  const [head = '', body = ''] = rawRequest.split(/\r?\n\r?\n/, 2);
  const [requestLine = '', ...headerLines] = head.split(/\r?\n/);
  const method = requestLine.split(' ')[0] || 'GET';
  const headers = headerLines.filter((l) => l.includes(':') && !/^host\s*:/i.test(l));
  return [
    'curl',
    '-X',
    quote(method),
    '-d',
    quote(body),
    ...headers.flatMap((h) => ['-H', quote(h.trim())]),
    quote(url),
  ].join(' ');
}

/**
 * nuclei's screen line: `[template-id:matcher] [http] [high] url ["extracted"]`, and for a fuzzing
 * finding where the value went: ` [query:id] [GET]`.
 */
export function nucleiLine(f: Finding, paint: (severity: string, text: string) => string): string {
  const id = f.matcherName ? `${f.templateId}:${f.matcherName}` : f.templateId;
  const extracted = f.extractedResults.length
    ? ` [${f.extractedResults.map((e) => JSON.stringify(e)).join(',')}]`
    : '';
  const fuzzed = f.fuzzing
    ? `${f.fuzzing.parameter ? ` [${f.fuzzing.part}:${f.fuzzing.parameter}]` : ''} [${f.fuzzing.method}]`
    : '';
  return `[${id}] [${f.protocol}] [${paint(f.severity, f.severity)}] ${f.matchedAt}${extracted}${fuzzed}`;
}

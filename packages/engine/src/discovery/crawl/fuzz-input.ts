/**
 * A crawled endpoint as the request a fuzzing (DAST) template starts from: a `FuzzInput` of
 * `nuclei/fuzz` (method, absolute URL with query, headers in order, body text), ready to pass as
 * `runTemplates`' `fuzzInputs`.
 */
import type { FuzzInput } from '../../nuclei/fuzz/fuzz-input.js';
import type { CrawledEndpoint } from './types.js';

/** Fixed so the same endpoint always gives the same request (tests, stored inputs). */
export const MULTIPART_BOUNDARY = '----DidbanFormBoundary7MA4YWxkTrZu0gW';

function multipartBody(formBody: string): string {
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(formBody)) {
    parts.push(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
    );
  }
  return `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`;
}

/**
 * @example
 * endpointToFuzzInput({ method: 'POST', url: 'http://a/contact', params: ['name'], source: 'form', bodyType: 'form', body: 'name=didban' })
 * // { method: 'POST', url: 'http://a/contact', headers: [['Content-Type', 'application/x-www-form-urlencoded']], body: 'name=didban' }
 */
export function endpointToFuzzInput(
  endpoint: CrawledEndpoint,
  extraHeaders: readonly (readonly [string, string])[] = [],
): FuzzInput {
  if (endpoint.body === undefined || !endpoint.bodyType) {
    return { method: endpoint.method, url: endpoint.url, headers: [...extraHeaders] };
  }
  switch (endpoint.bodyType) {
    case 'json':
      return {
        method: endpoint.method,
        url: endpoint.url,
        headers: [['Content-Type', 'application/json'], ...extraHeaders],
        body: endpoint.body,
      };
    case 'multipart':
      return {
        method: endpoint.method,
        url: endpoint.url,
        headers: [['Content-Type', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`], ...extraHeaders],
        body: multipartBody(endpoint.body),
      };
    default:
      return {
        method: endpoint.method,
        url: endpoint.url,
        headers: [['Content-Type', 'application/x-www-form-urlencoded'], ...extraHeaders],
        body: endpoint.body,
      };
  }
}

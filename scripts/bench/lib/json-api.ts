/**
 * The benchmarks' client of one Didban server: a JSON call under /api/v1/ that answers the
 * envelope's `data` and throws on any status of 300 or more, with the answer's text.
 * @example const api = jsonApi(server.url); await api('GET', 'panel/scans/', undefined, access);
 */
export function jsonApi(baseUrl: string) {
  // biome-ignore lint/suspicious/noExplicitAny: each caller reads its own fields of a checked answer
  return async (method: string, path: string, body?: unknown, auth?: string): Promise<any> => {
    const r = await fetch(`${baseUrl}/api/v1/${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: unknown }).data;
  };
}

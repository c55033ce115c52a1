/**
 * The benchmarks' client of one Didban server: a JSON call under /api/v1/ that answers the
 * envelope's `data` and throws on any status of 300 or more, with the answer's text. A read that
 * fails on the network (a keep-alive socket the server closed as it was reused) is asked again,
 * up to three times: an hours-long bench must not end on one lost poll. Writes are never repeated.
 * @example const api = jsonApi(server.url); await api('GET', 'panel/scans/', undefined, access);
 */
export function jsonApi(baseUrl: string) {
  // biome-ignore lint/suspicious/noExplicitAny: each caller reads its own fields of a checked answer
  return async (method: string, path: string, body?: unknown, auth?: string): Promise<any> => {
    let r: Response | undefined;
    for (let attempt = 1; !r; attempt++) {
      try {
        r = await sendJson(baseUrl, method, path, body, auth);
      } catch (error) {
        if (method !== 'GET' || attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: unknown }).data;
  };
}

/** One JSON call under /api/v1/ of the server at `baseUrl`, as the panel makes it (English answers). */
export function sendJson(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  auth?: string,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * A connection that ended before any byte of the answer: typically a keep-alive connection the
 * server closed for idleness just as we reused it (its idle timer fired before it read our
 * request; a loaded server does this often), or a server that dropped the request. Such a
 * request is sent once more on its own connection, whatever its method, as Nuclei's HTTP client
 * (retryablehttp) resends on connection errors; the scan's `retries` still apply on top.
 */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

export function connectionLost(error: Error): boolean {
  return CONNECTION_LOST.has((error as { code?: string }).code ?? '');
}

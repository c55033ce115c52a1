/**
 * OpenSSL's own text (`write EPROTO 40E7…:error:0A00010B:SSL routines:ssl3_get_record:wrong version
 * number:../deps/openssl/…:355:`) in words a user can act on. Node passes it through unchanged
 * in TLS errors; only the reason at its core means anything outside OpenSSL.
 */
const OPENSSL =
  /(?:write |read )?(?:EPROTO )?[0-9A-F]{6,}:error:[0-9A-F]+:SSL routines:[^:]*:([^:\n]+)(?::[^\s]*)?/gi;

const HINTS: Record<string, string> = {
  'wrong version number': 'TLS handshake failed: the other end does not speak TLS on this port (try http://)',
  'packet length too long':
    'TLS handshake failed: the other end does not speak TLS on this port (try http://)',
  'unsupported protocol': 'TLS handshake failed: no TLS version both ends support',
  'sslv3 alert handshake failure': 'TLS handshake failed: no cipher both ends support',
  'tlsv1 alert internal error': 'TLS handshake failed: the server refused it',
};

export function plainTlsError(message: string): string {
  return message
    .replace(OPENSSL, (_whole, reason: string) => {
      const key = reason.trim().toLowerCase();
      return HINTS[key] ?? `TLS error: ${key}`;
    })
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Images the panel shows from elsewhere: GitHub avatars (profile_image). With a GitHub other
 * than github.com (Enterprise, or the tests' stand-in) its API origin serves them too.
 */
function avatarSources(githubApiUrl: string | undefined): string[] {
  const sources = ['https://avatars.githubusercontent.com'];
  if (githubApiUrl) {
    const origin = new URL(githubApiUrl).origin;
    if (origin !== 'https://api.github.com') sources.push(origin);
  }
  return sources;
}

/**
 * Headers on everything the server answers (the panel's files, index.html, API bodies,
 * downloads): a strict Content-Security-Policy — scripts only from our own files (no inline
 * script, no eval), so injected markup cannot run; never framed (clickjacking); no plugins; no
 * <base> rewriting. Inline styles stay allowed (CodeMirror and React style attributes need
 * them; they cannot run code). `nosniff` keeps an uploaded file from being read as script, and
 * the referrer stays on our origin, so a ?token= or ?code= in a panel URL never leaves it.
 * No `upgrade-insecure-requests` and no HSTS: a self-hosted panel on plain http (a LAN address)
 * must keep working; TLS is the operator's proxy's business.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { githubApiUrl: string | undefined },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...avatarSources(options.githubApiUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}

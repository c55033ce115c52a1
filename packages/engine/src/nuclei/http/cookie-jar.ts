/**
 * Cookies shared by every request of one template on one target (Nuclei reuses cookies by
 * default; `disable-cookie` opts out). Domain and path scoping are not needed within one target.
 */
export class CookieJar {
  // Created by the first Set-Cookie: most runs never see one, and a jar exists per run.
  private cookies: Map<string, string> | undefined;

  store(setCookieHeaders: readonly string[]): void {
    this.cookies ??= new Map<string, string>();
    for (const header of setCookieHeaders) {
      const pair = header.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0\b|expires=thu, 01 jan 1970/i.test(header);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send, merged with a cookie the request already sets. */
  header(existing: string | undefined): string | undefined {
    if (this.cookies === undefined || this.cookies.size === 0) return existing;
    const present = new Set((existing ?? '').split(';').map((c) => c.split('=')[0]!.trim()));
    const extra = [...this.cookies].filter(([n]) => !present.has(n)).map(([n, v]) => `${n}=${v}`);
    return [existing, ...extra].filter(Boolean).join('; ');
  }
}

/**
 * robots.txt as RFC 9309 reads it: the group for our user agent (`didban`) or else `*`; the
 * longest matching Allow/Disallow rule wins, Allow on a tie; `*` matches any run of characters
 * and a final `$` anchors the end. Also the `Sitemap:` lines, and the plain paths the rules name
 * (places worth a look when the crawler is told to ignore robots).
 */

interface Rule {
  allow: boolean;
  pattern: string;
  re: RegExp;
}

export interface Robots {
  /** True when the path (with query) may be fetched. */
  allowed(pathAndQuery: string): boolean;
  sitemaps: string[];
  /** Allow/Disallow paths without wildcards, as written. */
  paths: string[];
}

const MAX_RULES = 1000;

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Percent-encode what browsers would so `/a b` and `/a%20b` compare equal. */
function normalisePath(path: string): string {
  try {
    return encodeURI(decodeURI(path));
  } catch {
    return path;
  }
}

export function parseRobots(text: string, agent = 'didban'): Robots {
  const groups = new Map<string, Rule[]>();
  const sitemaps: string[] = [];
  const paths: string[] = [];
  let current: string[] = [];
  let inRules = false;
  let count = 0;
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === 'user-agent') {
      if (inRules) current = [];
      inRules = false;
      const name = value.toLowerCase();
      current.push(name);
      if (!groups.has(name)) groups.set(name, []);
    } else if ((key === 'allow' || key === 'disallow') && count < MAX_RULES) {
      inRules = true;
      count++;
      if (!value) continue; // `Disallow:` with nothing allows everything.
      const pattern = normalisePath(value);
      for (const name of current)
        groups.get(name)?.push({ allow: key === 'allow', pattern, re: compile(pattern) });
      if (!/[*$]/.test(value) && value.startsWith('/') && !paths.includes(value)) paths.push(value);
    } else if (key === 'sitemap' && value && sitemaps.length < 20) sitemaps.push(value);
  }
  const ours = [...groups.keys()].find((name) => name !== '*' && agent.toLowerCase().includes(name));
  const rules = groups.get(ours ?? '*') ?? [];
  return {
    sitemaps,
    paths,
    allowed(pathAndQuery) {
      if (pathAndQuery === '/robots.txt') return true;
      const path = normalisePath(pathAndQuery);
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!rule.re.test(path)) continue;
        const longer = !best || rule.pattern.length > best.pattern.length;
        const tieAllow = best && rule.pattern.length === best.pattern.length && rule.allow;
        if (longer || tieAllow) best = rule;
      }
      return best ? best.allow : true;
    },
  };
}

import type { TemplateSeverity } from '../templates/types.js';

/**
 * SARIF 2.1.0 (OASIS) for the terminal client's `--sarif FILE`: one rule per template, one result
 * per finding, shaped for GitHub code scanning. Findings are about URLs, not source files, yet
 * code scanning wants a relative file path with a region on every result: each finding gets a
 * stable path derived from where it was found (`https/shop.example_8443/.git/config`, under the
 * `TARGETS` base) with line 1, and the URL itself stays in the message and the properties.
 * Triaged findings (false positive, accepted risk) carry `suppressions`, so code scanning shows
 * them as dismissed instead of as open errors.
 */
export type SarifFinding = {
  ruleId: string;
  ruleName: string;
  severity: TemplateSeverity;
  description?: string;
  remediation?: string;
  tags?: readonly string[];
  references?: readonly string[];
  /** Where it was found: a URL, or host:port for TLS, TCP and DNS findings. */
  location: string;
  message: string;
  /** Didban's triage status; false_positive and accepted_risk become suppressions. */
  status?: string;
};

export type SarifLog = {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: Record<string, unknown> };
    results: Record<string, unknown>[];
    originalUriBaseIds?: Record<string, unknown>;
  }[];
};

export type SarifTool = { name: string; version: string; informationUri?: string };

export const SARIF_SCHEMA_URL = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The base id every result's path is relative to: the scanned targets, not a source tree. */
export const SARIF_TARGETS_BASE = 'TARGETS';

/** SARIF's three result levels; GitHub reads `security-severity` (0–10) for its own scale. */
const LEVEL: Record<TemplateSeverity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
  unknown: 'note',
};
const SECURITY_SEVERITY: Record<TemplateSeverity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '0.0',
  unknown: '0.0',
};

/** Triage statuses that mean "looked at and dismissed", with the words code scanning shows. */
const DISMISSED: Record<string, string> = {
  false_positive: 'Marked as a false positive in Didban.',
  accepted_risk: 'Accepted as a risk in Didban.',
};

/** A path segment safe in a URI reference: only unreserved characters stay as they are. */
const segment = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A relative path for where a finding was found: scheme, host (and port when given) and the URL's
 * path, e.g. `https://shop.example:8443/.git/config` → `https/shop.example_8443/.git/config`,
 * `db.example:5432` → `tcp/db.example_5432`. The same place always gives the same path, so
 * code scanning tracks one alert across runs.
 */
export function sarifArtifactUri(location: string): string {
  let url: URL | undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) {
    try {
      url = new URL(location);
    } catch {
      url = undefined;
    }
  }
  if (url) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const hostPart = segment(url.port ? `${host}_${url.port}` : host);
    const path = url.pathname
      .split('/')
      .filter(Boolean)
      .map((s) => segment(decodeSafely(s)))
      .join('/');
    const query = url.search ? `/${segment(url.search)}` : '';
    return `${segment(url.protocol.replace(':', ''))}/${hostPart}${path ? `/${path}` : ''}${query}`;
  }
  const hostPort = /^\[?([^\]\s/]+?)\]?(?::(\d+))?$/.exec(location.trim());
  if (hostPort) {
    const [, host = '', port] = hostPort;
    return `tcp/${segment(port ? `${host}_${port}` : host)}`;
  }
  return `other/${segment(location)}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A rule's help: what the template looks for, how to fix it and where to read more. */
function helpOf(f: SarifFinding, references: readonly string[]): { text: string; markdown: string } {
  const what = f.description?.trim() || fallbackDescription(f);
  const fix = f.remediation?.trim();
  const text = [what, fix ? `Remediation: ${fix}` : '', ...references.map((r) => `Reference: ${r}`)]
    .filter(Boolean)
    .join('\n\n');
  const markdown = [
    `**${f.ruleName}** (${f.severity})`,
    what,
    fix ? `**Remediation:** ${fix}` : '',
    references.length ? `**References:**\n${references.map((r) => `- ${r}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { text, markdown };
}

/** When the template has no description: say what kind of finding it is, not the name again. */
const fallbackDescription = (f: SarifFinding) =>
  `A ${f.severity}-severity finding reported by the Nuclei-compatible template "${f.ruleId}"` +
  `${f.tags?.length ? ` (tags: ${f.tags.join(', ')})` : ''}.`;

/** The rule of a finding's template. */
export function sarifRule(f: SarifFinding): Record<string, unknown> {
  const references = (f.references ?? []).filter((r) => /^https?:\/\//.test(r));
  return {
    id: f.ruleId,
    name: f.ruleName,
    shortDescription: { text: f.ruleName },
    fullDescription: { text: f.description?.trim() || fallbackDescription(f) },
    help: helpOf(f, references),
    ...(references[0] ? { helpUri: references[0] } : {}),
    defaultConfiguration: { level: LEVEL[f.severity] },
    properties: {
      tags: ['security', ...(f.tags ?? [])],
      'security-severity': SECURITY_SEVERITY[f.severity],
      severity: f.severity,
    },
  };
}

/** One result; `ruleIndex` is its rule's place in `tool.driver.rules`. */
export function sarifResult(f: SarifFinding, ruleIndex: number): Record<string, unknown> {
  const dismissed = f.status ? DISMISSED[f.status] : undefined;
  return {
    ruleId: f.ruleId,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: sarifArtifactUri(f.location), uriBaseId: SARIF_TARGETS_BASE },
          region: { startLine: 1 },
        },
      },
    ],
    // Same template at the same place is the same alert across runs.
    partialFingerprints: { didbanFinding: `${f.ruleId}|${f.location}` },
    properties: { location: f.location, ...(f.status ? { status: f.status } : {}) },
    ...(dismissed
      ? { suppressions: [{ kind: 'external', status: 'accepted', justification: dismissed }] }
      : {}),
  };
}

const runHead = (tool: SarifTool) => ({
  name: tool.name,
  version: tool.version,
  ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
});

const ORIGINAL_BASES = {
  [SARIF_TARGETS_BASE]: {
    description: { text: 'The scanned targets: scheme/host_port/path of each URL or address.' },
  },
};

export function buildSarif(findings: readonly SarifFinding[], tool: SarifTool): SarifLog {
  const rules = new Map<string, Record<string, unknown>>();
  for (const f of findings) if (!rules.has(f.ruleId)) rules.set(f.ruleId, sarifRule(f));
  const ruleIndex = new Map([...rules.keys()].map((id, i) => [id, i]));
  return {
    $schema: SARIF_SCHEMA_URL,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { ...runHead(tool), rules: [...rules.values()] } },
        originalUriBaseIds: ORIGINAL_BASES,
        results: findings.map((f) => sarifResult(f, ruleIndex.get(f.ruleId)!)),
      },
    ],
  };
}

/**
 * The same document written piece by piece, for listings too large to hold (`vulns list --all
 * --sarif`): results go out as they come; the rules (one per template, few) are kept and written
 * last, since a JSON object's keys may come in any order. Only strings: the caller writes them.
 * @example const s = sarifWriter(tool); out(s.open()); for (const f of page) out(s.result(f)); out(s.close());
 */
export function sarifWriter(tool: SarifTool) {
  const rules = new Map<string, { index: number; rule: Record<string, unknown> }>();
  let count = 0;
  return {
    open: () =>
      `{\n  "$schema": ${JSON.stringify(SARIF_SCHEMA_URL)},\n  "version": "2.1.0",\n  "runs": [\n    {\n      "originalUriBaseIds": ${JSON.stringify(ORIGINAL_BASES)},\n      "results": [`,
    result(f: SarifFinding): string {
      let known = rules.get(f.ruleId);
      if (!known) {
        known = { index: rules.size, rule: sarifRule(f) };
        rules.set(f.ruleId, known);
      }
      return `${count++ ? ',' : ''}\n        ${JSON.stringify(sarifResult(f, known.index))}`;
    },
    close(): string {
      const driver = { ...runHead(tool), rules: [...rules.values()].map((r) => r.rule) };
      return `${count ? '\n      ' : ''}],\n      "tool": ${JSON.stringify({ driver })}\n    }\n  ]\n}\n`;
    },
  };
}

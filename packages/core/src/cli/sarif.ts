import type { TemplateSeverity } from '../templates/types.js';

/**
 * SARIF 2.1.0 (OASIS) for the terminal client's `--sarif FILE`: one rule per template, one result
 * per finding, so GitHub code scanning and other SARIF readers take a scan's findings. Findings
 * are about URLs, not source files, so each location is the URL as an artifact location.
 */
export type SarifFinding = {
  ruleId: string;
  ruleName: string;
  severity: TemplateSeverity;
  description?: string;
  tags?: readonly string[];
  references?: readonly string[];
  /** Where it was found: a URL or host:port. */
  location: string;
  message: string;
};

export type SarifLog = {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: Record<string, unknown> };
    results: Record<string, unknown>[];
  }[];
};

export const SARIF_SCHEMA_URL = 'https://json.schemastore.org/sarif-2.1.0.json';

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

export function buildSarif(
  findings: readonly SarifFinding[],
  tool: { name: string; version: string; informationUri?: string },
): SarifLog {
  const rules = new Map<string, Record<string, unknown>>();
  for (const f of findings) {
    if (rules.has(f.ruleId)) continue;
    const references = (f.references ?? []).filter((r) => /^https?:\/\//.test(r));
    rules.set(f.ruleId, {
      id: f.ruleId,
      name: f.ruleName,
      shortDescription: { text: f.ruleName },
      fullDescription: { text: f.description?.trim() || f.ruleName },
      ...(references[0] ? { helpUri: references[0] } : {}),
      defaultConfiguration: { level: LEVEL[f.severity] },
      properties: {
        tags: ['security', ...(f.tags ?? [])],
        'security-severity': SECURITY_SEVERITY[f.severity],
        severity: f.severity,
      },
    });
  }
  const ruleIndex = new Map([...rules.keys()].map((id, i) => [id, i]));
  return {
    $schema: SARIF_SCHEMA_URL,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: [...rules.values()],
          },
        },
        results: findings.map((f) => ({
          ruleId: f.ruleId,
          ruleIndex: ruleIndex.get(f.ruleId),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [{ physicalLocation: { artifactLocation: { uri: f.location } } }],
          // Same template at the same place is the same alert across runs.
          partialFingerprints: { didbanFinding: `${f.ruleId}|${f.location}` },
        })),
      },
    ],
  };
}

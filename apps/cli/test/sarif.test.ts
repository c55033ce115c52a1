/**
 * Core's SARIF for GitHub code scanning (packages/core/src/cli/sarif.ts), checked against the
 * bundled OASIS 2.1.0 schema: relative paths with a region, rules with help, triaged findings as
 * suppressions, and the streamed writer (`vulns list --all --sarif`) giving the same document.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSarif, type SarifFinding, sarifArtifactUri, sarifWriter } from '@didban/core';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('./fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url)), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const findings: SarifFinding[] = [
  {
    ruleId: 'git-config-exposure',
    ruleName: 'Git config exposure',
    severity: 'medium',
    description: 'The .git/config file is served, revealing the repository remote.',
    remediation: 'Deny access to /.git/ on the web server.',
    references: ['https://example.org/git-exposure', 'not a url'],
    tags: ['git', 'exposure'],
    location: 'https://shop.example:8443/.git/config',
    message: 'Git config exposure (medium, open) at https://shop.example:8443/.git/config',
    status: 'open',
  },
  {
    ruleId: 'weak-tls',
    ruleName: 'Weak TLS',
    severity: 'high',
    location: 'db.example:5432',
    message: 'Weak TLS (high, false_positive) at db.example:5432',
    status: 'false_positive',
  },
  {
    ruleId: 'git-config-exposure',
    ruleName: 'Git config exposure',
    severity: 'medium',
    location: 'http://[::1]:8080/a b/?q=1',
    message: 'x',
    status: 'accepted_risk',
  },
];

describe('SARIF for GitHub code scanning', () => {
  it('validates against the OASIS schema, with relative paths, regions, help and suppressions', () => {
    const log = buildSarif(findings, { name: 'didban', version: '0.1.0' });
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const [run] = log.runs;
    const uris = run!.results.map(
      (r) =>
        (r.locations as { physicalLocation: { artifactLocation: { uri: string } } }[])[0]!.physicalLocation
          .artifactLocation.uri,
    );
    expect(uris).toEqual([
      'https/shop.example_8443/.git/config',
      'tcp/db.example_5432',
      'http/%3A%3A1_8080/a%20b/%3Fq%3D1',
    ]);
    for (const r of run!.results) {
      expect(r.locations).toMatchObject([
        { physicalLocation: { region: { startLine: 1 }, artifactLocation: { uriBaseId: 'TARGETS' } } },
      ]);
    }
    expect(run!.results[0]).not.toHaveProperty('suppressions');
    expect(run!.results[1]!.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'Marked as a false positive in Didban.' },
    ]);
    expect(run!.results[2]!.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'Accepted as a risk in Didban.' },
    ]);
    const rules = run!.tool.driver.rules as Record<string, { text: string; markdown?: string }>[];
    expect(rules).toHaveLength(2);
    expect(rules[0]!.fullDescription!.text).toBe(
      'The .git/config file is served, revealing the repository remote.',
    );
    expect(rules[0]!.help!.text).toBe(
      'The .git/config file is served, revealing the repository remote.\n\nRemediation: Deny access to /.git/ on the web server.\n\nReference: https://example.org/git-exposure',
    );
    // No description: a sentence about the finding, never the rule's name again.
    expect(rules[1]!.fullDescription!.text).toBe(
      'A high-severity finding reported by the Nuclei-compatible template "weak-tls".',
    );
  });

  it('the streamed writer gives the same document, valid too', () => {
    const writer = sarifWriter({ name: 'didban', version: '0.1.0' });
    const text = writer.open() + findings.map((f) => writer.result(f)).join('') + writer.close();
    const streamed = JSON.parse(text);
    expect(validate(streamed), JSON.stringify(validate.errors)).toBe(true);
    expect(streamed).toEqual(buildSarif(findings, { name: 'didban', version: '0.1.0' }));
    const empty = sarifWriter({ name: 'didban', version: '0.1.0' });
    expect(validate(JSON.parse(empty.open() + empty.close()))).toBe(true);
  });

  it('names the same place the same way every run', () => {
    expect(sarifArtifactUri('https://a.example/x')).toBe(sarifArtifactUri('https://a.example/x'));
    expect(sarifArtifactUri('a.example')).toBe('tcp/a.example');
  });
});

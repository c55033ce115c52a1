/**
 * Findings written straight into the database for report tests and the report benchmark: a
 * realistic mix of severities, statuses, templates from the public library (so descriptions and
 * remediation are real) and HTTP evidence of a few kilobytes.
 */

import type { Db } from '../../src/db/database.js';
import { vulnerabilities } from '../../src/db/schema.js';

const TEMPLATES = [
  { id: 'spring-actuator-env', name: 'Spring Boot actuator /env exposed', severity: 'high', rank: 4 },
  { id: 'git-config-exposure', name: 'Git repository configuration exposed', severity: 'medium', rank: 3 },
  { id: 'phpinfo-page', name: 'phpinfo() page exposed', severity: 'low', rank: 2 },
  { id: 'tech-detect', name: 'Technology detected', severity: 'info', rank: 1 },
  {
    id: 'cve-critical-demo',
    name: 'Remote code execution in the admin console',
    severity: 'critical',
    rank: 5,
  },
];
const STATUSES = ['open', 'open', 'open', 'in_progress', 'fixed', 'false_positive', 'accepted_risk'] as const;

export async function seedFindings(
  db: Db,
  workspaceId: string,
  count: number,
  options: {
    assetIds?: string[];
    hostPrefix?: string;
    evidenceBytes?: number;
    start?: Date;
    spreadDays?: number;
  } = {},
) {
  const evidence = 'x'.repeat(options.evidenceBytes ?? 3000);
  const start = options.start ?? new Date(Date.now() - 30 * 86_400_000);
  for (let i = 0; i < count; i += 500) {
    const rows = [];
    for (let k = i; k < Math.min(count, i + 500); k++) {
      const t = TEMPLATES[k % TEMPLATES.length]!;
      const host = `${options.hostPrefix ?? 'host'}-${Math.floor(k / TEMPLATES.length)}.example.test`;
      const seen = new Date(start.getTime() + (k % (options.spreadDays ?? 30)) * 86_400_000);
      rows.push({
        workspace_id: workspaceId,
        dedupe_key: `${t.id}|${host}|${k}`,
        template_id: t.id,
        template_name: t.name,
        severity: t.severity,
        severity_rank: t.rank,
        protocol: 'http',
        asset_id: options.assetIds?.length ? options.assetIds[k % options.assetIds.length]! : null,
        host,
        port: 443,
        matched_at: `https://${host}/path/${k}?q=${'a'.repeat(40)}`,
        request: `GET /path/${k} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: didban\r\n\r\n`,
        response: `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n${evidence}`,
        status: STATUSES[k % STATUSES.length]!,
        first_seen_at: seen,
        last_seen_at: seen,
      });
    }
    await db.insert(vulnerabilities).values(rows);
  }
}

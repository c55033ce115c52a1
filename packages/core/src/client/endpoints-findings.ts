import { z } from 'zod';
import { envelope } from '../contract/envelope.js';
import {
  type AutoRetestInput,
  autoRetestSettingsSchema,
  type BulkTriageInput,
  bulkTriageResultSchema,
  findingCommentSchema,
  findingHistoryEntrySchema,
  findingRetestSchema,
  findingSummarySchema,
  type SlaSettings,
  slaSettingsSchema,
} from '../contract/findings.js';
import { type VulnerabilityPatchInput, vulnerabilityDetailSchema } from '../contract/scans.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);
const vuln = (vulnId: string) => `panel/vulnerabilities/${id(vulnId)}/`;

/**
 * The findings lifecycle (issue 32): triage, history, comments, retests, bulk triage, SLA.
 * @example
 *   await api.findings.triage(vulnId, { status: 'accepted_risk', reason: 'WAF blocks it', accepted_until: '2027-01-31' });
 *   const retest = await api.findings.retest(vulnId); // then poll api.findings.retests(vulnId)
 */
export function findingEndpoints(http: Http) {
  return {
    triage: (vulnId: string, body: VulnerabilityPatchInput) =>
      unwrap(http.patch(vuln(vulnId), body, envelope(vulnerabilityDetailSchema))),
    history: (vulnId: string) =>
      unwrap(http.get(`${vuln(vulnId)}history/`, envelope(z.array(findingHistoryEntrySchema)))),
    comments: (vulnId: string) =>
      unwrap(http.get(`${vuln(vulnId)}comments/`, envelope(z.array(findingCommentSchema)))),
    comment: (vulnId: string, body: string) =>
      unwrap(http.post(`${vuln(vulnId)}comments/`, { body }, envelope(findingCommentSchema))),
    retest: (vulnId: string) =>
      unwrap(http.post(`${vuln(vulnId)}retest/`, {}, envelope(findingRetestSchema))),
    retests: (vulnId: string) =>
      unwrap(http.get(`${vuln(vulnId)}retests/`, envelope(z.array(findingRetestSchema)))),
    bulk: (body: BulkTriageInput) =>
      unwrap(http.post('panel/vulnerabilities/bulk/', body, envelope(bulkTriageResultSchema))),
    sla: () => unwrap(http.get('panel/findings/sla/', envelope(slaSettingsSchema))),
    setSla: (body: SlaSettings) =>
      unwrap(http.patch('panel/findings/sla/', body, envelope(slaSettingsSchema))),
    autoRetest: () => unwrap(http.get('panel/findings/auto-retest/', envelope(autoRetestSettingsSchema))),
    setAutoRetest: (body: AutoRetestInput) =>
      unwrap(http.patch('panel/findings/auto-retest/', body, envelope(autoRetestSettingsSchema))),
    summary: () => unwrap(http.get('panel/findings/summary/', envelope(findingSummarySchema))),
  };
}

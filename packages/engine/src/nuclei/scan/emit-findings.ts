import type { OperatorOutcome } from '../operators/evaluate-operators.js';
import type { ScanProtocol } from '../types.js';
import { fromByteString } from '../util/bytes.js';
import { isoNow } from '../util/iso-now.js';
import type { TemplateRun } from './context.js';

export interface Evidence {
  readonly matchedAt: string;
  readonly request?: string;
  readonly response?: string;
  readonly ip?: string;
  /** file templates: the lines matched (nuclei's `matched-line`). */
  readonly lines?: readonly number[];
}

const cap = (s: string | undefined, limit: number): string | undefined =>
  s === undefined ? undefined : fromByteString(s.length > limit ? s.slice(0, limit) : s);

/** Turns operator findings into Finding events with the template's info and the evidence. */
export function emitFindings(
  run: TemplateRun,
  protocol: ScanProtocol,
  outcome: OperatorOutcome,
  evidence: Evidence,
): void {
  if (run.silent) return;
  const { template, scan } = run;
  const limit = scan.options.evidenceLimit;
  for (const f of outcome.findings) {
    scan.emit({
      type: 'finding',
      finding: {
        templateId: template.id,
        templateName: template.info.name,
        templatePath: template.path,
        severity: template.info.severity,
        tags: template.info.tags,
        info: template.info,
        protocol,
        host: run.target?.input ?? fromByteString(evidence.matchedAt),
        matchedAt: fromByteString(evidence.matchedAt),
        matcherName: f.matcherName,
        extractorName: f.extractorName,
        extractedResults: f.extracted.map(fromByteString),
        request: cap(evidence.request, limit),
        response: cap(evidence.response, limit),
        ip: evidence.ip,
        ...(evidence.lines ? { lines: evidence.lines } : {}),
        workflowId: run.workflowId,
        ...(run.fuzzedPoint ? { fuzzing: run.fuzzedPoint } : {}),
        timestamp: isoNow(),
      },
    });
  }
}

/** Stores named extractor values for later requests and blocks (`name`, then `name1`, `name2`…). */
export function storeExtracted(
  run: TemplateRun,
  extracted: ReadonlyMap<string, readonly string[]>,
  iterateAll = false,
): void {
  for (const [name, values] of extracted) {
    if (values.length === 0) continue;
    run.state.set(name, iterateAll && values.length > 1 ? [...values] : values[0]!);
    values.slice(1).forEach((v, i) => {
      run.state.set(`${name}${i + 1}`, v);
    });
  }
}

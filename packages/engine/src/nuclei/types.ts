import type { TemplateInfo, TemplateSeverity } from '@didban/core/templates';
import type { FuzzedPoint } from './fuzz/fuzz-input.js';

export type ScanProtocol = 'http' | 'dns' | 'tcp' | 'ssl' | 'javascript' | 'headless' | 'code' | 'file';

/** One result line, the equivalent of one line of Nuclei's output. */
export interface Finding {
  readonly templateId: string;
  readonly templateName: string;
  readonly templatePath?: string;
  readonly severity: TemplateSeverity;
  readonly tags: readonly string[];
  readonly info: TemplateInfo;
  readonly protocol: ScanProtocol;
  /** The target as given. */
  readonly host: string;
  /** The URL (http) or address (dns, tcp, ssl) where the match happened; each redirect hop has its own. */
  readonly matchedAt: string;
  readonly matcherName?: string;
  readonly extractorName?: string;
  readonly extractedResults: readonly string[];
  /** Request and response evidence, each capped at 1 MB as Nuclei does. */
  readonly request?: string;
  readonly response?: string;
  readonly ip?: string;
  /** file templates: the lines of the file the match or extraction was on (nuclei's `matched-line`). */
  readonly lines?: readonly number[];
  /** For a workflow run, the workflow's id. */
  readonly workflowId?: string;
  /** For a fuzzing (DAST) template: the part, parameter and value of the request that matched. */
  readonly fuzzing?: FuzzedPoint;
  readonly timestamp: string;
}

/** Everything a scan reports: findings, recorded failures and skips (never silent). */
export type ScanEvent =
  | { readonly type: 'finding'; readonly finding: Finding }
  | {
      readonly type: 'failure';
      readonly templateId: string;
      readonly target: string;
      readonly protocol: ScanProtocol | 'workflow';
      readonly message: string;
    }
  | {
      readonly type: 'skipped';
      readonly templateId: string;
      readonly target?: string;
      readonly reason: string;
    };

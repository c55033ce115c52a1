import { csvCell, type SarifFinding, sarifWriter, VULN_CSV_COLUMNS, type Vulnerability } from '@didban/core';
import type { Context } from '../context.js';
import type { Sink } from '../output/sink.js';
import { renderFastTable } from '../output/table.js';
import { VERSION } from '../program.js';

/** Rows per drawn table (its column widths are per batch) and per written chunk. */
export const STREAM_BATCH = 100;

export type VulnFormat = 'table' | 'json' | 'jsonl' | 'csv';

/** A vulnerability as a SARIF finding; triaged ones become suppressions in core's writer. */
export function vulnSarifFinding(v: Vulnerability): SarifFinding {
  const where = v.port === null ? v.host : `${v.host}:${v.port}`;
  return {
    ruleId: v.template_id,
    ruleName: v.template_name || v.template_id,
    severity: v.severity,
    location: v.matched_at || where,
    message: `${v.template_name || v.template_id} (${v.severity}, ${v.status}) at ${v.matched_at || where}`,
    status: v.status,
  };
}

/**
 * Writes a listing as its rows arrive, whatever the format, holding one batch at most: `--all`
 * over 100,000 findings keeps memory flat (it held every row before printing: 20,000 findings
 * took 430 s and 325 MB as a table). The JSON document keeps its `{ results, result_count }`
 * shape, the count written last; a table is drawn per batch of rows; SARIF results go out as
 * they come with the rules written at the end.
 */
export function vulnStreamWriter(
  ctx: Context,
  options: {
    format: VulnFormat;
    write: (chunk: string) => Promise<void>;
    /** `--sarif FILE`, written alongside. */
    sarif?: Sink;
    /** The table's head and row cells (the page view's, from vulns.ts). */
    table: { head: string[]; row: (v: Vulnerability) => string[] };
  },
) {
  const { format, write, sarif, table } = options;
  const sarifOut = sarif ? sarifWriter({ name: 'didban', version: VERSION }) : undefined;
  let count = 0;
  let batch: Vulnerability[] = [];
  let sarifChunk = '';

  const flush = async () => {
    if (batch.length === 0) return;
    if (format === 'table') {
      await write(`${renderFastTable(table.head, batch.map(table.row), ctx.color)}\n`);
    } else if (format === 'json') {
      await write(
        batch.map((v, i) => `${count - batch.length + i ? ',' : ''}\n    ${JSON.stringify(v)}`).join(''),
      );
    } else if (format === 'jsonl') {
      await write(batch.map((v) => `${JSON.stringify(v)}\n`).join(''));
    } else if (format === 'csv') {
      await write(batch.map((v) => `${VULN_CSV_COLUMNS.map((c) => csvCell(v[c])).join(',')}\r\n`).join(''));
    }
    batch = [];
    if (sarif && sarifChunk) {
      await sarif.write(sarifChunk);
      sarifChunk = '';
    }
  };

  return {
    async open() {
      if (format === 'json') await write('{\n  "results": [');
      if (format === 'csv') await write(`\uFEFF${VULN_CSV_COLUMNS.join(',')}\r\n`);
      if (sarif && sarifOut) await sarif.write(sarifOut.open());
    },
    async row(v: Vulnerability) {
      count++;
      batch.push(v);
      if (sarifOut) sarifChunk += sarifOut.result(vulnSarifFinding(v));
      if (batch.length >= STREAM_BATCH) await flush();
    },
    async close(): Promise<number> {
      await flush();
      if (format === 'json') await write(`${count ? '\n  ' : ''}],\n  "result_count": ${count}\n}\n`);
      if (format === 'table' && count === 0) await write(`${ctx.t('vulns.none')}\n`);
      if (sarif && sarifOut) await sarif.write(sarifOut.close());
      return count;
    },
  };
}

import Table from 'cli-table3';

/**
 * A cli-table3 table as text. Without colour (pipes, --no-color, NO_COLOR) the header carries no
 * escape codes, so what a script or a log sees is plain text.
 */
export function renderTable(head: string[], rows: (string | number)[][], color: boolean): string {
  const table = new Table({
    head,
    style: color ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] },
  });
  for (const row of rows) table.push(row.map(String));
  return table.toString();
}

/**
 * The same box as {@link renderTable}, drawn by hand for long streamed listings: cli-table3
 * measures every cell's display width several times and took ~4 ms a row, which made a
 * 100,000-row `vulns list --all` table take minutes. Cells here are one line each (line breaks
 * become spaces) and widths are counted in code points.
 */
export function renderFastTable(head: string[], rows: (string | number)[][], color: boolean): string {
  const cells = (row: (string | number)[]) => row.map((c) => String(c).replace(/\s*\n\s*/g, ' '));
  const body = rows.map(cells);
  const top = cells(head);
  const widths = top.map((h, i) => Math.max([...h].length, ...body.map((r) => [...(r[i] ?? '')].length)));
  const grey = (s: string) => (color ? `\u001b[90m${s}\u001b[39m` : s);
  const cyan = (s: string) => (color ? `\u001b[36m${s}\u001b[39m` : s);
  const line = (l: string, m: string, r: string) =>
    grey(`${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`);
  const row = (r: string[], paint: (s: string) => string = (s) => s) =>
    `${grey('│')}${r.map((c, i) => ` ${paint(c)}${' '.repeat(widths[i]! - [...c].length)} `).join(grey('│'))}${grey('│')}`;
  return [
    line('┌', '┬', '┐'),
    row(top, cyan),
    line('├', '┼', '┤'),
    ...body.map((r) => row(r)),
    line('└', '┴', '┘'),
  ].join('\n');
}

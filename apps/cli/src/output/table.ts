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

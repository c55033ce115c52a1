import { normalizeError } from '@didban/core';

/**
 * The server's per-field messages of a refused form (`errors` in the 400 body), placed on the
 * form's own fields. The server names fields by their path in the request body (`roots`,
 * `secrets.url`, `settings.recipients.0`); `fields` maps each form field to that path. A message
 * for a path the form does not show is kept in `unplaced`, so the form can still say it.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: Record<F, string>,
): { byField: Partial<Record<F, string[]>>; unplaced: string[] } {
  const sent = normalizeError(error).errors ?? {};
  const byField: Partial<Record<F, string[]>> = {};
  const unplaced: string[] = [];
  const entries = Object.entries(fields) as [F, string][];
  for (const [path, messages] of Object.entries(sent)) {
    const owner = entries.find(([, body]) => path === body || path.startsWith(`${body}.`))?.[0];
    if (owner) byField[owner] = [...(byField[owner] ?? []), ...messages];
    else unplaced.push(...messages);
  }
  return { byField, unplaced };
}

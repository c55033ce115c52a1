import { findWorkspace, listWorkspaces, type WorkspaceEntry } from '@didban/core';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { renderTable } from '../output/table.js';
import { requireSession } from './require-session.js';

/** The stable `workspace list --json` shape: `{ results: WorkspaceJson[] }`. */
export type WorkspaceJson = WorkspaceEntry & { current: boolean };

async function workspacesWithCurrent(ctx: Context): Promise<WorkspaceJson[]> {
  requireSession(ctx);
  // Listed without X-Workspace-ID, so a workspace the user has left does not block the list.
  const entries = await listWorkspaces(ctx.api({ workspace: undefined }));
  const currentId = ctx.settings.workspace ?? entries.find((e) => e.kind === 'personal')?.id;
  return entries.map((e) => ({ ...e, current: e.id === currentId }));
}

export async function listWorkspacesCommand(ctx: Context, flags: { json?: boolean }): Promise<void> {
  const rows = await workspacesWithCurrent(ctx);
  if (flags.json) return ctx.json({ results: rows });
  const { t } = ctx;
  ctx.out(
    renderTable(
      [
        t('table.current'),
        t('table.id'),
        t('table.name'),
        t('table.kind'),
        t('table.role'),
        t('table.members'),
      ],
      rows.map((w) => [
        w.current ? '*' : '',
        w.id,
        w.name ?? t('workspace.personal'),
        w.kind,
        w.role,
        w.members_count ?? '',
      ]),
      ctx.color,
    ),
  );
}

/** Checked against the list first, so a typo fails now rather than on every later command. */
export async function useWorkspace(ctx: Context, id: string): Promise<void> {
  const rows = await workspacesWithCurrent(ctx);
  const entry = findWorkspace(rows, id);
  if (!entry) throw new CliError('error.unknown_workspace', { id });
  ctx.store.update({ workspace: entry.kind === 'personal' ? null : entry.id });
  ctx.out(ctx.t('workspace.used', { name: entry.name ?? ctx.t('workspace.personal'), id: entry.id }));
}

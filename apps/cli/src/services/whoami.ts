import { fetchCurrentWorkspace } from '@didban/core';
import type { Context } from '../context.js';
import { requireSession } from './require-session.js';

/** The stable `whoami --json` shape. */
export type WhoamiJson = {
  server: string;
  user: { id: string; username: string; email: string; is_staff: boolean };
  workspace: { id: string; kind: 'personal' | 'team'; name: string | null; role: string };
};

export async function whoami(ctx: Context, flags: { json?: boolean }): Promise<void> {
  requireSession(ctx);
  const api = ctx.api();
  const [profile, workspace] = await Promise.all([api.profile.get(), fetchCurrentWorkspace(api.http)]);
  const out: WhoamiJson = {
    server: ctx.settings.server,
    user: { id: profile.id, username: profile.username, email: profile.email, is_staff: profile.is_staff },
    workspace: {
      id: workspace.id,
      kind: workspace.kind,
      name: workspace.kind === 'personal' ? null : workspace.name,
      role: workspace.role,
    },
  };
  if (flags.json) return ctx.json(out);
  ctx.out(
    ctx.t('whoami.line', {
      username: profile.username,
      email: profile.email,
      server: ctx.settings.server,
      workspace: out.workspace.name ?? ctx.t('workspace.personal'),
      role: workspace.role,
    }),
  );
}

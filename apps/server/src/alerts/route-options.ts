/**
 * The one shape every alert route declares: who may call it (members read; admins and the owner
 * manage, as docs/permissions.md's matrix says — the access hook enforces it) and its documented
 * schema under the `alerts` tag. Routes pass only what differs.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';

const tags = ['alerts'];

/** For GET routes: any member of the workspace in X-Workspace-ID. */
export const readRoute = <S extends FastifySchema>(schema: S) => ({
  config: { access: 'workspace' as const },
  schema: { tags, ...schema },
});

/** For routes that change alerts or send: admins and the owner only (members get 403). */
export const manageRoute = <S extends FastifySchema>(schema: S) => ({
  config: { access: 'workspace:admin' as const },
  schema: { tags, ...schema },
});

export const idParams = z.object({ id: z.uuid() });
export const deletedAnswer = z.object({ data: z.object({ deleted: z.boolean() }) });

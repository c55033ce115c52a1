import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims, TokenService } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import {
  parseTeamParam,
  parseWorkspaceHeader,
  roleAtLeast,
  workspaceForbidden,
} from '../workspaces/resolve.js';
import { HttpError, notFound } from './errors.js';
import type { Access, AuthUser } from './fastify-types.js';
import { identify } from './identify.js';
import { minimumRole } from './permissions.js';
import { authenticateWorker } from './worker-auth.js';

const unauthenticated = () => new HttpError(401, 'not_authenticated', 'errors.unauthenticated');
const invalidToken = () => new HttpError(401, 'token_invalid', 'errors.token_invalid');

async function bearerClaims(request: FastifyRequest, tokens: TokenService): Promise<AccessClaims> {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw invalidToken();
  const claims = await tokens.verifyAccess(match[1]!);
  if (!claims) throw invalidToken();
  return claims;
}

/**
 * The one mechanism that decides who may call what. Each route declares `config.access`; this
 * hook authenticates, resolves the workspace and checks the role before the body is parsed, so
 * a guest or an outsider learns nothing from validation errors. A route under /api/ that
 * declares nothing makes the server refuse to start.
 */
export function installAccessControl(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  app.decorateRequest('user', null);
  app.decorateRequest('workspace', null);
  app.decorateRequest('worker', null);
  app.decorateRequest('accessToken', null);

  const table: RouteAccess[] = [];
  accessTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api/') && !access) {
      throw new Error(`route ${route.method} ${route.url} declares no config.access`);
    }
    // The team is read from `:id`; a team route without it would check nothing.
    if (access?.startsWith('team') && !route.url.includes(':id')) {
      throw new Error(`route ${route.method} ${route.url} has access '${access}' but no :id parameter`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access: Access | undefined = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    if (access === 'worker') {
      request.worker = await authenticateWorker(deps.db, request.headers);
      return;
    }
    const claims = await bearerClaims(request, deps.tokens);
    const needsWorkspace = access.startsWith('workspace');
    const needsTeam = access.startsWith('team');
    // Checked before the database is asked, so a malformed header or id costs nothing.
    const workspaceId = needsWorkspace
      ? parseWorkspaceHeader(request.headers['x-workspace-id'])
      : needsTeam
        ? parseTeamParam((request.params as { id?: string }).id)
        : undefined;
    const found = await identify(deps.db, claims, workspaceId);
    if (!found) throw invalidToken();
    request.user = found.user;
    request.accessToken = { jti: claims.jti, expiresAt: claims.expiresAt };
    if (access === 'user') return;
    if (access === 'staff') {
      if (!found.user.is_staff) throw new HttpError(403, 'forbidden', 'errors.forbidden');
      return;
    }
    // A team named in the path that the caller is not in (or that is not a team) does not
    // exist for them: 404, whereas a foreign X-Workspace-ID header is refused with 403.
    if (needsTeam && found.workspace?.kind !== 'team') throw notFound();
    if (!found.workspace) throw workspaceForbidden();
    request.workspace = found.workspace;
    const minimum = minimumRole(access) ?? 'owner';
    if (!roleAtLeast(found.workspace.role, minimum))
      throw new HttpError(403, 'forbidden', 'errors.forbidden');
  });
}

/** One registered route and the access it declares (the permission matrix reads these). */
export type RouteAccess = { method: string; url: string; access: Access | undefined };

const accessTables = new WeakMap<FastifyInstance, RouteAccess[]>();

/**
 * Every route registered on an app with its declared access, in registration order.
 * @example accessTable(app).filter((r) => r.url.startsWith('/api/'))
 */
export function accessTable(app: FastifyInstance): readonly RouteAccess[] {
  return accessTables.get(app) ?? [];
}

/** For handlers behind 'user' or stronger access: the caller, never null there. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** For handlers behind 'worker' access: the calling worker, never null there. */
export function currentWorker(request: FastifyRequest) {
  if (!request.worker) throw new Error('route reads the worker but its access is not "worker"');
  return request.worker;
}

/** For handlers behind 'workspace' or 'team' access: the resolved workspace (the team), never null there. */
export function currentWorkspace(request: FastifyRequest) {
  if (!request.workspace) throw new Error('route reads the workspace but its access is not "workspace"');
  return request.workspace;
}

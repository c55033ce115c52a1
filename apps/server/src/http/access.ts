import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/tokens.js';
import { findUserById } from '../auth/users.js';
import type { Db } from '../db/database.js';
import { resolveWorkspace, roleAtLeast } from '../workspaces/resolve.js';
import { HttpError } from './errors.js';
import type { Access, AuthUser } from './fastify-types.js';

const unauthenticated = () => new HttpError(401, 'not_authenticated', 'errors.unauthenticated');
const invalidToken = () => new HttpError(401, 'token_invalid', 'errors.token_invalid');

async function authenticate(request: FastifyRequest, db: Db, tokens: TokenService): Promise<AuthUser> {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw invalidToken();
  const claims = await tokens.verifyAccess(match[1]!);
  if (!claims) throw invalidToken();
  const user = await findUserById(db, claims.sub);
  if (!user) throw invalidToken();
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    profile_image: user.profile_image,
    is_staff: user.is_staff,
  };
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

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} declares no config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access: Access | undefined = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.user = await authenticate(request, deps.db, deps.tokens);
    if (access === 'user') return;
    if (access === 'staff') {
      if (!request.user.is_staff) throw new HttpError(403, 'forbidden', 'errors.forbidden');
      return;
    }
    const header = request.headers['x-workspace-id'];
    request.workspace = await resolveWorkspace(
      deps.db,
      request.user.id,
      Array.isArray(header) ? header[0] : header,
    );
    const minimum = access === 'workspace:owner' ? 'owner' : access === 'workspace:admin' ? 'admin' : 'user';
    if (!roleAtLeast(request.workspace.role, minimum))
      throw new HttpError(403, 'forbidden', 'errors.forbidden');
  });
}

/** For handlers behind 'user' or stronger access: the caller, never null there. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** For handlers behind 'workspace' access: the resolved workspace, never null there. */
export function currentWorkspace(request: FastifyRequest) {
  if (!request.workspace) throw new Error('route reads the workspace but its access is not "workspace"');
  return request.workspace;
}

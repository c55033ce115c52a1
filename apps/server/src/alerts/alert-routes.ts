/**
 * /api/v1/panel/alerts/…: channels, rules and the delivery log of the workspace in
 * X-Workspace-ID (issue 20). Members read; admins and the owner manage and send tests.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { loadOrCreateSecret } from '../auth/secret.js';
import { channelRoutes } from './channel-routes.js';
import { ruleRoutes } from './rule-routes.js';
import { createSecretBox } from './secret-box.js';

export function alertRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const box = createSecretBox(loadOrCreateSecret(deps.config.secret, deps.config.dataDir));
  return async (app) => {
    await app.register(channelRoutes(deps, box));
    await app.register(ruleRoutes(deps));
  };
}

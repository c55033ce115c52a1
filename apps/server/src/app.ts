import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { toLang } from '@didban/core';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertRoutes } from './alerts/alert-routes.js';
import type { AppDeps } from './app-deps.js';
import { loadOrCreateSecret } from './auth/secret.js';
import { createTokenService } from './auth/tokens.js';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import { setDiscoveryLog } from './discovery/nothing-resolved-warning.js';
import { retestRoutes } from './findings/retest-routes.js';
import { findingRoutes } from './findings/routes.js';
import { installAccessControl } from './http/access.js';
import { installAccessLog } from './http/access-log.js';
import { closeConnectionsPromptly } from './http/close-promptly.js';
import { installErrorHandling } from './http/error-handler.js';
import { HttpError } from './http/errors.js';
import './http/fastify-types.js';
import { trackerWebhookRoutes } from './alerts/tracker-webhook-routes.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installValidation } from './http/validation.js';
import { createMailer } from './mail/mailer.js';
import { reportRoutes } from './reports/report-routes.js';
import { accountSecurityRoutes } from './routes/account-security.js';
import { assetEnumerationRoutes } from './routes/asset-enumerations.js';
import { assetGroupRoutes } from './routes/asset-groups.js';
import { assetInventoryRoutes } from './routes/asset-inventory.js';
import { authRoutes } from './routes/auth.js';
import { billingRoutes } from './routes/billing.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { feedbackRoutes } from './routes/feedback.js';
import { githubRoutes } from './routes/github.js';
import { healthRoutes } from './routes/health.js';
import { notificationRoutes } from './routes/notifications.js';
import { profileRoutes } from './routes/profile.js';
import { scanRoutes } from './routes/scans.js';
import { scanHistoryRoutes } from './routes/scans-histories.js';
import { scanScheduleRoutes } from './routes/scans-schedules.js';
import { supportRoutes } from './routes/support.js';
import { teamActivityRoutes } from './routes/team-activity.js';
import { teamInvitationRoutes } from './routes/team-invitations.js';
import { teamMemberRoutes } from './routes/team-members.js';
import { teamRequestRoutes } from './routes/team-requests.js';
import { teamRoutes } from './routes/teams.js';
import { templateRoutes } from './routes/templates.js';
import { testHookRoutes } from './routes/test-hooks.js';
import { vulnerabilityRoutes } from './routes/vulnerabilities.js';
import { workerApiRoutes } from './routes/worker-api.js';
import { workerRoutes } from './routes/workers.js';
import { workspaceRoutes } from './routes/workspace.js';
import { createLocalStorage } from './storage/file-storage.js';
import { templateRunRoutes } from './template-runs/template-run-routes.js';
import { serveWebPanel } from './web-panel.js';

export const API_BASE = '/api/v1';

const REQUEST_ID = /^[\w.-]{1,64}$/;

export type BuildAppOptions = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
};

/**
 * The HTTP application, ready for `inject()` in tests or `listen()` in main.ts. Nothing here
 * touches process.env or the network.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Tokens and passwords never reach the logs: headers are redacted and bodies are not logged.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-worker-key"]'],
    },
    // installAccessLog writes one line per request instead, at info only when it matters.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // Off unless the operator names the proxies (DIDBAN_TRUST_PROXY): a client must not pick its
    // own address, which keys the sign-in and sign-up rate limits.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
  }).withTypeProvider<ZodTypeProvider>();

  setDiscoveryLog(app.log);
  const deps: AppDeps = {
    config,
    db,
    tokens: createTokenService(loadOrCreateSecret(config.secret, config.dataDir), config.tokenTtlSeconds),
    storage: createLocalStorage(join(config.dataDir, 'files')),
    mailer: createMailer(config.mail, app.log),
  };
  app.addHook('onClose', async () => deps.mailer.close());

  app.decorateRequest('lang', 'fa');
  app.addHook('onRequest', async (request, reply) => {
    request.lang = toLang(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
  installAccessLog(app, config.slowRequestMs);
  closeConnectionsPromptly(app);
  // Before access control, so refusals (401/403) carry the headers too.
  await installSecurityHeaders(app, { githubApiUrl: config.github?.apiUrl });

  installValidation(app);
  installErrorHandling(app);
  installAccessControl(app, deps);

  // Read only by GitHub sign-in (its browser-binding nonce); the API authenticates by header.
  await app.register(cookie);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', 'errors.rate_limited', { seconds: Math.ceil(context.ttl / 1000) }),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Didban API',
        version: '1',
        description: 'Attack-surface management and vulnerability scanning.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes(deps));
  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(authRoutes(deps));
      await api.register(accountSecurityRoutes(deps));
      await api.register(githubRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(teamRoutes(deps));
      await api.register(teamMemberRoutes(deps));
      await api.register(teamInvitationRoutes(deps));
      await api.register(teamRequestRoutes(deps));
      await api.register(teamActivityRoutes(deps));
      await api.register(workspaceRoutes(deps));
      await api.register(notificationRoutes(deps));
      await api.register(feedbackRoutes(deps));
      await api.register(workerApiRoutes(deps));
      await api.register(workerRoutes(deps));
      await api.register(billingRoutes(deps));
      await api.register(supportRoutes(deps));
      await api.register(templateRoutes(deps));
      await api.register(templateRunRoutes(deps));
      await api.register(assetGroupRoutes(deps));
      await api.register(assetInventoryRoutes(deps));
      await api.register(assetEnumerationRoutes(deps));
      await api.register(scanRoutes(deps));
      await api.register(scanHistoryRoutes(deps));
      await api.register(scanScheduleRoutes(deps));
      await api.register(vulnerabilityRoutes(deps));
      await api.register(findingRoutes(deps));
      await api.register(retestRoutes(deps));
      await api.register(dashboardRoutes(deps));
      await api.register(alertRoutes(deps));
      await api.register(trackerWebhookRoutes(deps));
      await api.register(reportRoutes(deps));
      if (config.testHooks) await api.register(testHookRoutes(deps));
    },
    { prefix: API_BASE },
  );

  if (config.webDist) await serveWebPanel(app, config.webDist);

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

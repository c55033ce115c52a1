import { type ApiClientOptions, createHttp } from './api-client.js';
import { authEndpoints, profileEndpoints } from './endpoints.js';
import { alertEndpoints } from './endpoints-alerts.js';
import { assetEndpoints } from './endpoints-assets.js';
import { billingEndpoints } from './endpoints-billing.js';
import { findingEndpoints } from './endpoints-findings.js';
import { feedbackEndpoints, notificationEndpoints } from './endpoints-panel.js';
import { reportEndpoints } from './endpoints-reports.js';
import { scanEndpoints } from './endpoints-scans.js';
import { supportEndpoints } from './endpoints-support.js';
import { invitationEndpoints, teamEndpoints } from './endpoints-teams.js';
import { templateEndpoints } from './endpoints-templates.js';
import { workerEndpoints } from './endpoints-workers.js';

/**
 * The Didban API client: one object per signed-in session, shared by the panel and the CLI.
 * @example
 *   const api = createApiClient({ baseUrl: 'http://localhost:8080', getToken: () => store.token });
 *   const { access, user } = await api.auth.login({ username, email, password });
 */
export function createApiClient(options: ApiClientOptions) {
  const http = createHttp(options);
  return {
    http,
    auth: authEndpoints(http),
    profile: profileEndpoints(http),
    teams: teamEndpoints(http),
    invitations: invitationEndpoints(http),
    notifications: notificationEndpoints(http),
    feedback: feedbackEndpoints(http),
    workers: workerEndpoints(http),
    billing: billingEndpoints(http),
    support: supportEndpoints(http),
    templates: templateEndpoints(http),
    assets: assetEndpoints(http),
    scans: scanEndpoints(http),
    findings: findingEndpoints(http),
    alerts: alertEndpoints(http),
    reports: reportEndpoints(http),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

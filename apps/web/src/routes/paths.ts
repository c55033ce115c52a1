/** Every panel address in one place (spec §2 route table). Pages link through these names. */
export const PATHS = {
  home: '/',
  signIn: '/auth/sign-in',
  signUp: '/auth/sign-up',
  githubCallback: '/auth/github-callback',
  verifyToken: '/auth/verify-token',
  /** The link emailed on sign-up and on an email change confirms the address here. */
  verifyEmail: '/auth/verify-email',
  /** Back from a payment provider: verifies the purchase (spec §2 callback pages). */
  vpl: '/vpl',
  /** The generic error callback page (spec §2 Settings, callback pages); billing reuses it. */
  callbackError: '/auth/error',
  scans: '/scans',
  /** Every finding of the workspace across its scans (issue 32); the home's SLA counts link here. */
  findings: '/findings',
  assets: '/assets',
  assetGroups: '/assets/groups',
  assetInventory: '/assets/inventory',
  assetTechnologies: '/assets/technologies',
  templates: '/templates',
  workers: '/workers',
  /** Reports of the workspace (issue 33); a large scheduled report's email links here. */
  reports: '/reports',
  /** "Forgot password": asks for the reset link (issue 35). */
  forgotPassword: '/auth/forgot-password',
  /** The emailed reset link opens this page with `?token=` (apps/server/src/auth/password-reset.ts). */
  resetPassword: '/auth/reset-password',
  settings: '/settings',
  settingsTeams: '/settings/teams',
  settingsSupport: '/settings/support',
  settingsBilling: '/settings/billing',
  settingsOrderHistory: '/settings/order-history',
  settingsNotifications: '/settings/notifications',
  /** Alert channels, rules and the delivery log (issue 20). */
  settingsAlerts: '/settings/alerts',
  settingsFindings: '/settings/findings',
} as const;

/** A team's management view. */
export const teamPath = (id: string) => `${PATHS.settingsTeams}/${encodeURIComponent(id)}`;

/** A worker's details and setup guide. */
export const workerPath = (id: string) => `${PATHS.workers}/${encodeURIComponent(id)}`;

/** A support ticket's conversation. */
export const ticketPath = (id: string) => `${PATHS.settingsSupport}/${encodeURIComponent(id)}`;

/** An asset group's details and inventory (spec §2 Assets). */
export const assetGroupPath = (id: string) => `${PATHS.assets}/${encodeURIComponent(id)}`;

/** Follows a group's discovery until it finishes, then opens the group (spec §2 Assets). */
export const assetLoadingPath = (id: string) => `${PATHS.assets}/${encodeURIComponent(id)}/loading`;

/** A scan's details, history and vulnerabilities (spec §2 /scans/{scanId}). */
export const scanPath = (scanId: string) => `${PATHS.scans}/${encodeURIComponent(scanId)}`;

/** Follows one run of a scan until it ends (spec §2 scan progress page, §4 historyID query). */
export const scanProgressPath = (scanId: string, historyId: string) =>
  `${scanPath(scanId)}/loading?historyID=${encodeURIComponent(historyId)}`;

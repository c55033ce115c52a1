import type { homeDashboardEn } from './home-dashboard';

/** English strings of the home namespace; fa/home.ts has exactly the same keys. */
const homeStrings = {
  hero: {
    title: 'Watch over your attack surface',
    body: 'Didban discovers your domains, hosts and services, and scans them with templates, on your own workers or the built-in one.',
    greeting: 'Welcome, {{name}}',
  },
  quickActions: {
    title: 'Quick actions',
    scans: 'Run a scan',
    scansBody: 'Scan asset groups with templates and follow the results.',
    assets: 'Manage assets',
    assetsBody: 'Group your domains and IP ranges and discover what runs on them.',
    templates: 'Write templates',
    templatesBody: 'Edit, upload and test scan templates.',
    teams: 'Work as a team',
    teamsBody: 'Invite people and share a workspace.',
  },
} as const;

/** The home namespace's type includes the dashboard strings, which the home page adds itself. */
export const homeEn = homeStrings as typeof homeStrings & typeof homeDashboardEn;

import { PATHS } from './paths';

/** Spec §2 top navigation, in order. Labels are keys of the `layout` namespace. */
export const NAV_ITEMS = [
  { path: PATHS.home, label: 'nav.home', end: true },
  { path: PATHS.scans, label: 'nav.scans', end: false },
  { path: PATHS.findings, label: 'nav.findings', end: false },
  { path: PATHS.assets, label: 'nav.assets', end: false },
  { path: PATHS.templates, label: 'nav.templates', end: false },
  { path: PATHS.workers, label: 'nav.workers', end: false },
  { path: PATHS.reports, label: 'nav.reports', end: false },
] as const;

/** Settings side menu (spec §2 route table, /settings children). Labels are keys of `settings`. */
export const SETTINGS_ITEMS = [
  { path: PATHS.settings, label: 'nav.profile', end: true },
  { path: PATHS.settingsTeams, label: 'nav.teams', end: false },
  { path: PATHS.settingsSupport, label: 'nav.support', end: false },
  { path: PATHS.settingsBilling, label: 'nav.billing', end: false },
  { path: PATHS.settingsOrderHistory, label: 'nav.orderHistory', end: false },
  { path: PATHS.settingsNotifications, label: 'nav.notifications', end: false },
  { path: PATHS.settingsAlerts, label: 'nav.alerts', end: false },
  { path: PATHS.settingsFindings, label: 'nav.findings', end: false },
] as const;

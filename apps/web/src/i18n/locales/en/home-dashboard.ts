/**
 * English strings of the home page's live statistics, severity breakdown and worker map. Typed into
 * the home namespace (en/home.ts) but shipped with the home page (pages/home/dashboard-strings.ts).
 */
export const homeDashboardEn = {
  // The SLA counts of open findings (issue 32).
  sla: {
    label: 'SLA counts of open findings',
    overdue: 'Open overdue',
    due7d: 'Due within 7 days',
    assignedToMe: 'Assigned to me',
  },
  stats: {
    title: 'Live statistics',
    updating: 'Updates every few seconds',
    loadFailed: 'Could not load the statistics.',
    scansTotal: 'Scans',
    scansRunning: 'Running',
    scansCompleted: 'Completed',
    scansScheduled: 'Scheduled',
    assetGroups: 'Asset groups',
    assets: 'Assets',
    openVulnerabilities: 'Open vulnerabilities',
  },
  severity: {
    title: 'Vulnerabilities by severity',
    empty: 'No open vulnerabilities. Run a scan to find out.',
    critical: 'Critical',
    high: 'High',
    medium: 'Medium',
    low: 'Low',
    info: 'Info',
  },
  workersMap: {
    title: 'Workers around the world',
    mapLabel: 'World map of workers by country',
    empty: 'No workers yet. Add one on the Workers page to scan from your own machines.',
    unknownCountry: 'Unknown location',
    country: 'Country',
    total: 'Workers',
    online: 'Online',
    tooltip: '{{country}} — workers: {{total}}, online: {{online}}',
    legendOnline: 'Workers online',
    legendOffline: 'Workers, none online now',
    legendNone: 'No workers',
    loadingMap: 'Loading the map…',
  },
  firstStep: {
    title: 'Start here',
    body: 'Add an asset group: the domains or addresses you own. Didban discovers their hosts, ports and web services; then you scan them for vulnerabilities.',
    action: 'Create your first asset group',
  },
} as const;

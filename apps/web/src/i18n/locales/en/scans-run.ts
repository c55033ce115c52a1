/**
 * English strings of the scans namespace for running scans: the bulk scan modal and the scan
 * progress page (spec §2, §8). Spread into en/scans.ts; fa/scans-run.ts has exactly the same keys.
 */
export const scansRunEn = {
  bulk: {
    selected: 'Selected: {{n}}',
    titleGroups_one: 'Bulk scan of {{n}} asset group',
    titleGroups_other: 'Bulk scan of {{n}} asset groups',
    titleAssets_one: 'Bulk scan of {{n}} asset',
    titleAssets_other: 'Bulk scan of {{n}} assets',
    name: 'Name',
    templates: 'Templates',
    templateSearch: 'Search templates…',
    tags: 'Template tags',
    tagSearch: 'Search tags…',
    remove: 'Remove {{name}}',
    selected_one: '{{n}} selected',
    selected_other: '{{n}} selected',
    noResults: 'No results found.',
    loading: 'Loading…',
    cancel: 'Cancel',
    start: 'Start scan',
    starting: 'Starting…',
    started: 'Bulk scan started successfully!',
    startFailed: 'Failed to start bulk scan',
    createFailed: 'Failed to create bulk scan',
    skippedWildcards_one:
      '{{n}} wildcard DNS record was left out: a wildcard answers for every name under it, so it is not a host to scan.',
    skippedWildcards_other:
      '{{n}} wildcard DNS records were left out: a wildcard answers for every name under it, so it is not a host to scan.',
  },
  progress: {
    title: 'Scan progress',
    typing: {
      executing: 'Executing the scan…',
      analysing: 'Analysing vulnerabilities…',
      compiling: 'Compiling results…',
    },
    wait: 'This may take a few minutes. You can leave this page; the scan keeps running.',
    status: 'Status',
    statuses: {
      initializing: 'Initializing',
      running: 'Running',
      finished: 'Finished',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    tasks: 'Tasks',
    preparing: 'Preparing',
    complete: 'Analysis complete! Opening the results…',
    failed: 'The scan failed. Returning to the scans…',
    cancelled: 'The scan was cancelled.',
    cancel: 'Cancel scan',
    cancelling: 'Cancelling…',
    cancelSent: 'Scan cancel request sent.',
    cancelFailed: 'Failed to cancel scan.',
    missing: 'This address does not name a scan run.',
    backToScans: 'Back to scans',
    viewResults: 'View results',
  },
} as const;

/**
 * English strings of the Findings page (/findings): every finding of the workspace across its
 * scans, opened from the navigation and from the home page's SLA counts. Spread into the scans
 * namespace as `findingsPage` (en/scans-list.ts); fa/findings-page.ts has the same keys.
 */
export const findingsPageEn = {
  title: 'Findings',
  intro: 'Every finding of this workspace, across all its scans: filter, triage in bulk, export.',
  listTitle: 'All findings',
  unresolved: 'Open or in progress',
  mine: 'Assigned to me',
} as const;

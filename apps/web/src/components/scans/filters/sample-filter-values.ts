import { SCAN_LIST_STATUSES, type ScanFilterOption } from '@didban/core';

/**
 * Spec §8: when loading a scan filter's options fails, the panel offers built-in sample values
 * for these keys, filtered by the search text. Only then: a working server's options always win.
 * Statuses are the real scan statuses, so choosing one still filters correctly.
 */
const SAMPLE_VALUES: Record<string, readonly string[]> = {
  status: SCAN_LIST_STATUSES,
  host: ['example.com', 'www.example.com', 'api.example.com', 'mail.example.com', 'dev.example.com'],
  cname: ['cdn.example.net', 'example.github.io', 'lb.example.cloud'],
  ip: ['192.0.2.10', '192.0.2.20', '198.51.100.7', '203.0.113.5'],
  technologies: ['Nginx', 'Apache HTTP Server', 'WordPress', 'jQuery', 'Bootstrap', 'PHP', 'Express'],
  title: ['Welcome', 'Login', 'Dashboard', 'Index of /', '404 Not Found'],
  port: ['80', '443', '8080', '8443', '3000'],
};

export const hasSampleValues = (field: string) => field in SAMPLE_VALUES;

/** The sample options of a field whose search text they contain (case-insensitive), count 0. */
export function sampleFilterOptions(field: string, search: string): ScanFilterOption[] {
  const needle = search.trim().toLowerCase();
  return (SAMPLE_VALUES[field] ?? [])
    .filter((value) => value.toLowerCase().includes(needle))
    .map((value) => ({ value, count: 0, label: null }));
}

import type { Asset } from '@didban/core';

/** An inventory asset for component tests; `over` sets what the test is about. */
export const assetFixture = (over: Partial<Asset> = {}): Asset => ({
  id: 'a1',
  host: 'shop.example.test',
  port: 443,
  ip: '10.0.0.1',
  is_root: false,
  status: '200',
  title: 'Shop',
  cname: null,
  content_length: 10,
  scanned_count: 1,
  group: 'g1',
  enumeration_history: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  gone_at: null,
  technologies: [],
  ...over,
});

import type { Asset } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { collectGroupAssets, exportFile } from '../src/pages/assets/groups/export-assets';

const asset = (id: string, host: string): Asset => ({
  id,
  host,
  port: 443,
  ip: '203.0.113.5',
  is_root: false,
  status: '200',
  title: '=cmd()',
  cname: null,
  content_length: 10,
  scanned_count: 0,
  group: 'g',
  enumeration_history: null,
  created_at: '2026-01-02T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  gone_at: null,
  technologies: [
    {
      id: 't',
      version: '1.2',
      platform: { name: 'nginx', icon: null, website: null, description_en: null, categories: [] },
    },
  ],
});

describe('group export (spec §3, §9)', () => {
  it('reads every page of every selected group, in order', async () => {
    const pages: Record<string, { results: Asset[]; next_cursor: string | null }> = {
      'a:': { results: [asset('1', 'a.example')], next_cursor: 'c1' },
      'a:c1': { results: [asset('2', 'b.example')], next_cursor: null },
      'b:': { results: [asset('3', 'c.example')], next_cursor: null },
    };
    const seen: string[] = [];
    const all = await collectGroupAssets(['a', 'b'], async (group, cursor) => {
      seen.push(`${group}:${cursor ?? ''}`);
      return pages[`${group}:${cursor ?? ''}`]!;
    });
    expect(all.map((a) => a.id)).toEqual(['1', '2', '3']);
    expect(seen).toEqual(['a:', 'a:c1', 'b:']);
  });
  it('names the file bulk-export-{count}-assets-{date} and builds CSV with a BOM and a formula guard', () => {
    const now = new Date('2026-03-04T10:00:00Z');
    const file = exportFile([asset('1', 'a.example'), asset('2', 'b.example')], 'csv', now);
    expect(file.name).toBe('bulk-export-2-assets-2026-03-04.csv');
    const lines = file.text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFid,host,port,ip,status,title,cname,content_length,is_root,scanned_count,updated_at,created_at,technologies',
    );
    expect(lines[1]).toBe(
      "1,a.example,443,203.0.113.5,200,'=cmd(),,10,false,0,2026-01-02T00:00:00.000Z,2026-01-02T00:00:00.000Z,nginx (1.2)",
    );
  });
  it('builds JSON with export_info', () => {
    const now = new Date('2026-03-04T10:00:00Z');
    const file = exportFile([asset('1', 'a.example')], 'json', now);
    expect(file.name).toBe('bulk-export-1-assets-2026-03-04.json');
    expect(JSON.parse(file.text).export_info).toEqual({
      exported_at: '2026-03-04T10:00:00.000Z',
      total_assets: 1,
      asset_ids: ['1'],
    });
  });
});

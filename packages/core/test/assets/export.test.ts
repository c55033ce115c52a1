import { describe, expect, it } from 'vitest';
import {
  bulkScanNameForAssets,
  bulkScanNameForGroups,
  datedScanName,
  defaultBulkScanName,
} from '../../src/assets/bulk-scan-name.js';
import { formatCnameList, parseCnames } from '../../src/assets/cname.js';
import {
  assetCsvRow,
  assetExportFileName,
  buildAssetCsv,
  buildAssetJsonExport,
  csvCell,
  streamAssetCsv,
} from '../../src/assets/export.js';
import { validateAssetGroupForm } from '../../src/assets/group-form.js';
import type { Asset } from '../../src/contract/assets.js';

const asset = (over: Partial<Asset> = {}): Asset => ({
  id: 'a1',
  host: 'shop.example',
  port: 443,
  ip: '10.0.0.1,10.0.0.2',
  is_root: true,
  status: '200',
  title: 'Shop, "best"',
  cname: "['cdn.example']",
  content_length: 1234,
  scanned_count: 2,
  group: 'g1',
  enumeration_history: 'h1',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  gone_at: null,
  technologies: [
    {
      id: 'nginx',
      version: '1.25',
      platform: { name: 'Nginx', icon: null, website: null, description_en: null, categories: [] },
    },
    {
      id: 'react',
      version: null,
      platform: { name: 'React', icon: null, website: null, description_en: null, categories: [] },
    },
  ],
  ...over,
});

describe('CSV export', () => {
  it('starts with a BOM and the spec columns', () => {
    expect(buildAssetCsv([])).toBe(
      '\uFEFFid,host,port,ip,status,title,cname,content_length,is_root,scanned_count,updated_at,created_at,technologies\r\n',
    );
  });

  it('quotes commas, quotes and newlines; technologies as name (version) joined by "; "', () => {
    expect(assetCsvRow(asset())).toBe(
      `a1,shop.example,443,"10.0.0.1,10.0.0.2",200,"Shop, ""best""",['cdn.example'],1234,true,2,2026-01-02T00:00:00.000Z,2026-01-01T00:00:00.000Z,Nginx (1.25); React\r\n`,
    );
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises cells that begin with = + - @', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(assetCsvRow(asset({ title: '=cmd|x', technologies: [] }))).toContain(",'=cmd|x,");
  });

  it('streams the same text as the in-memory builder, in chunks', async () => {
    const rows = Array.from({ length: 1201 }, (_, i) => asset({ id: `a${i}` }));
    const chunks: string[] = [];
    for await (const chunk of streamAssetCsv(rows, 500)) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    expect(chunks.join('')).toBe(buildAssetCsv(rows));
  });

  it('names files bulk-export-{count}-assets-{date}', () => {
    const now = new Date('2026-01-02T10:00:00Z');
    expect(assetExportFileName(3, 'csv', now)).toBe('bulk-export-3-assets-2026-01-02.csv');
    expect(assetExportFileName(1, 'json', now)).toBe('bulk-export-1-assets-2026-01-02.json');
  });
});

describe('JSON export', () => {
  it('carries export_info and the assets', () => {
    const now = new Date('2026-01-02T10:00:00Z');
    expect(buildAssetJsonExport([asset(), asset({ id: 'a2' })], now)).toEqual({
      export_info: { exported_at: '2026-01-02T10:00:00.000Z', total_assets: 2, asset_ids: ['a1', 'a2'] },
      assets: [asset(), asset({ id: 'a2' })],
    });
  });
});

describe('bulk scan names', () => {
  it('joins group names and cuts over 100 characters to 97 plus ...', () => {
    expect(bulkScanNameForGroups(['Shop', 'Blog'])).toBe('bulk scan for Shop, Blog');
    const exactly100 = `bulk scan for ${'x'.repeat(86)}`;
    expect(bulkScanNameForGroups(['x'.repeat(86)])).toBe(exactly100);
    const long = bulkScanNameForGroups(['x'.repeat(87)]);
    expect(long).toBe(`${exactly100.slice(0, 97)}...`);
    expect(long).toHaveLength(100);
  });

  it('names the first 3 hosts and how many more', () => {
    expect(bulkScanNameForAssets(['a', 'b', 'c'])).toBe('bulk scan for a, b, c');
    expect(bulkScanNameForAssets(['a', 'b', 'c', 'd', 'e'])).toBe('bulk scan for a, b, c and 2 more');
  });

  it('adds the date and time so repeated scans of one group get distinct names, within 100 characters', () => {
    const morning = new Date(2026, 10, 25, 9, 5);
    const later = new Date(2026, 10, 25, 9, 6);
    expect(datedScanName('bulk scan for Lab', morning)).toBe('bulk scan for Lab · 2026-11-25 09:05');
    expect(datedScanName('bulk scan for Lab', later)).not.toBe(datedScanName('bulk scan for Lab', morning));
    const long = datedScanName(bulkScanNameForGroups(['x'.repeat(87)]), morning);
    expect(long).toHaveLength(100);
    expect(long.endsWith('... · 2026-11-25 09:05')).toBe(true);
  });

  it('gives the one default name the panel and the CLI both start bulk scans with', () => {
    const at = new Date(2026, 10, 25, 9, 5);
    expect(defaultBulkScanName({ groups: ['Lab'] }, at)).toBe('bulk scan for Lab · 2026-11-25 09:05');
    expect(defaultBulkScanName({ hosts: ['a', 'b', 'c', 'd'] }, at)).toBe(
      'bulk scan for a, b, c and 1 more · 2026-11-25 09:05',
    );
  });
});

describe('cname parsing', () => {
  it.each([
    ["['a.example.com', 'b.example.net']", ['a.example.com', 'b.example.net']],
    ['["a.example.com"]', ['a.example.com']],
    ['a.example.com, b.example.net', ['a.example.com', 'b.example.net']],
    ['[]', []],
    ['', []],
    [null, []],
  ])('%s', (text, names) => {
    expect(parseCnames(text)).toEqual(names);
  });

  it('round-trips the stored form', () => {
    expect(parseCnames(formatCnameList(['x.example', 'y.example']))).toEqual(['x.example', 'y.example']);
    expect(formatCnameList([])).toBeNull();
  });
});

describe('asset group form', () => {
  it('gives the §5 messages in both languages', () => {
    const errors = validateAssetGroupForm({
      name: '  ',
      roots: '',
      port_setting: 'custom',
      custom_ports: ' ',
    });
    expect(errors.name?.map((m) => [m.en, m.fa])).toEqual([
      ['Asset Group Name is required.', 'نام گروه دارایی الزامی است.'],
    ]);
    expect(errors.roots?.map((m) => m.en)).toEqual(['At least one root domain or IP is required.']);
    expect(errors.custom_ports?.map((m) => m.en)).toEqual(['Custom ports cannot be empty.']);
  });

  it('names each bad root, one per line or comma-separated', () => {
    const errors = validateAssetGroupForm({ name: 'Shop', roots: 'shop.example, bad_host\n10.0.0.0/33' });
    expect(errors.roots?.map((m) => m.en)).toEqual([
      'bad_host is not a valid domain or IP/CIDR.',
      '10.0.0.0/33 is not a valid domain or IP/CIDR.',
    ]);
    expect(validateAssetGroupForm({ name: 'Shop', roots: ['shop.example', '10.0.0.0/30'] })).toEqual({});
  });
});

describe('csvCell formula starters (issue 15)', () => {
  it('neutralises every formula starter: = + - @, TAB, CR, fullwidth forms, and after leading spaces', () => {
    for (const hostile of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\t=1',
      '\rcmd',
      '＝1+1',
      '＋1',
      '－1',
      '＠x',
      '  =1',
      ' \u3000＋1',
    ]) {
      expect(csvCell(hostile).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('  plain title')).toBe('  plain title');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

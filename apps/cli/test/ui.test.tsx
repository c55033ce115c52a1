import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lab, startLab } from '../../../scripts/lab/src/lab.js';
import { startWorker, type WorkerHandle } from '../../worker/src/index.js';
import { openConfigStore } from '../src/config/config-store.js';
import { createContext } from '../src/context.js';
import { parseEnv } from '../src/env.js';
import { createTranslator } from '../src/i18n/translate.js';
import { UiApp } from '../src/ui/app/app.js';
import { createUiData } from '../src/ui/app/ui-data.js';

/**
 * `didban ui` screen by screen with ink-testing-library, on a real server with a real worker and
 * two lab sites: keys in, frames out. Only the terminal is simulated.
 */
let lab: Lab;
let server: Awaited<ReturnType<typeof import('./helpers/live-server.js').startLiveServer>>;
let worker: WorkerHandle;
let dir: string;
let sites: string[];
let token: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const { startLiveServer } = await import('./helpers/live-server.js');
  lab = await startLab();
  const zone = lab.manifest().zone;
  sites = [`alpha.${zone}`, `beta.${zone}`];
  await lab.weaknesses.plant(sites[0]!, 'git-config-exposure');
  await lab.weaknesses.plant(sites[1]!, 'git-config-exposure');
  // Our own worker on the lab's resolver, not the server's built-in one (system DNS).
  server = await startLiveServer({ DIDBAN_BUILTIN_WORKER: '0' });
  token = (await server.register('sara')).access;
  const api = createApiClient({ baseUrl: server.url, getToken: () => token, getLanguage: () => 'en' });
  worker = startWorker({
    serverUrl: server.url,
    apiKey: (await api.workers.create({ name: 'lab' })).api_key,
    resolvers: [lab.resolver],
    taskIntervalSeconds: 0.2,
    httpxTimeoutSeconds: 4,
    backoffMinMs: 100,
    backoffMaxMs: 500,
  });
  const group = await api.assets.createGroup({
    name: 'Lab',
    roots: sites.join('\n'),
    port_setting: 'custom',
    custom_ports: '80',
    auto_discovery: false,
  });
  for (let i = 0; (await api.assets.groupAssets(group.id, {})).result_count < 2; i++) {
    if (i > 300) throw new Error('the worker did not discover the lab sites');
    await sleep(200);
  }
  dir = mkdtempSync(join(tmpdir(), 'didban-ui-'));
}, 120_000);

afterAll(async () => {
  worker?.kill();
  await server?.close();
  await lab?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function screen(lang: 'en' | 'fa' = 'en') {
  const t = createTranslator(lang);
  const env = parseEnv({ DIDBAN_URL: server.url, DIDBAN_TOKEN: token });
  const store = await openConfigStore(join(dir, `config-${lang}`));
  const io = {
    stdout: { write: () => true },
    stderr: { write: () => true },
    stdin: { async *[Symbol.asyncIterator]() {} },
    env: {},
    openUrl: async () => {},
  };
  const ctx = createContext(io, env, lang, t, { color: false }, store);
  const app = render(<UiApp data={createUiData(ctx, { pollMs: 300 })} t={t} lang={lang} />);
  const frame = () => app.lastFrame() ?? '';
  const until = async (what: string | RegExp, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!(typeof what === 'string' ? frame().includes(what) : what.test(frame()))) {
      if (Date.now() > deadline) throw new Error(`no frame with ${what}; last frame:\n${frame()}`);
      await sleep(20);
    }
  };
  /** One key, then a moment for Ink to handle it and draw. */
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      app.stdin.write(key);
      await sleep(30);
    }
  };
  return { app, frame, until, press };
}

const KEY = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  enter: '\r',
  esc: '\u001B',
  tab: '\t',
  backspace: '\u007F',
};

describe('didban ui', () => {
  it('browses groups → assets, selects, exports the selection and scans it, following to the end', async () => {
    const { app, frame, until, press } = await screen();
    await until('Asset groups (1)');
    expect(frame()).toMatch(/› Lab +2 /);
    expect(frame()).toContain('↑↓ move  Enter assets  s scan group  e export group  ←→ page  q quit');

    await press(KEY.enter);
    await until('Assets of Lab: 2, page 1 of 1, 0 selected');
    for (const site of sites) expect(frame()).toContain(`[ ] ${site}:80`);
    // In the order the server lists them.
    const [first, second] = [...sites].sort((a, b) => frame().indexOf(a) - frame().indexOf(b));

    await press(KEY.down, ' ');
    await until('1 selected');
    expect(frame()).toContain(`› [x] ${second}:80`);
    expect(frame()).toContain(`  [ ] ${first}:80`);

    // Export the selection as JSON to a file of our choosing.
    await press('e');
    await until('Export 1 selected asset(s)');
    expect(frame()).toContain('Format: csv');
    expect(frame()).toContain('File: assets-Lab-selection.csv');
    await press(KEY.tab);
    await until('File: assets-Lab-selection.json');
    await press(...Array(30).fill(KEY.backspace));
    const file = join(dir, 'picked.json');
    await press(file, KEY.enter);
    await until(`Exported 1 assets to ${file}.`);
    expect(frame()).toContain('1 selected');
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.export_info.total_assets).toBe(1);
    expect(exported.assets.map((a: { host: string }) => a.host)).toEqual([second]);

    // Scan the selection: the name is prefilled, tags are asked for.
    await press('s');
    await until('Bulk scan of 1 selected asset(s)');
    // Spec §5's prefill plus the date, as the panel's dialog and `scans start` name it.
    expect(frame()).toMatch(
      new RegExp(
        `Name: bulk scan for ${String(second).replace(/\./g, '\\.')} · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d`,
      ),
    );
    // The scan prompt's own keys, not the export form's csv/json switch.
    expect(frame()).toContain('Enter start the scan  Esc back');
    expect(frame()).not.toContain('Tab csv/json');
    await press(KEY.enter);
    await until('Choose at least one template or tag.');
    await press('git', KEY.enter);
    await until(/finished\n\[█{20}\] (\d+)\/\1 {2}elapsed/);
    await until(/Scan bulk scan for \S+ · [\d: -]+ finished: 0 critical, 0 high, [1-9] medium/);
    // The run is over: nothing "goes on" any more.
    expect(frame()).toContain('q/Esc back');
    expect(frame()).not.toContain('the scan goes on');

    // Back to the assets, selection kept; back to the groups; q quits.
    await press('q');
    await until('Assets of Lab: 2, page 1 of 1, 1 selected');
    await press(KEY.esc);
    await until('Asset groups (1)');
    await press('q');
    app.unmount();
  }, 90_000);

  it('cuts every line to the terminal width when the window shrinks, and speaks Persian', async () => {
    const { app, frame, until, press } = await screen('fa');
    await until('گروه‌های دارایی (1)');
    await press(KEY.enter);
    await until('دارایی‌های Lab: 2، صفحهٔ 1 از 1، 0 انتخاب‌شده');
    // The window narrows to 30 columns, as a terminal reports it: a new width, then `resize`.
    Object.defineProperty(app.stdout, 'columns', { value: 30, configurable: true });
    app.stdout.emit('resize');
    await sleep(100);
    await until(sites[0]!.slice(0, 8));
    // Measured as the terminal does: zero-width non-joiners and combining marks take no column.
    const columns = (line: string) => line.replace(/[\u200c\p{M}]/gu, '').length;
    for (const line of frame().split('\n')) expect(columns(line), line).toBeLessThanOrEqual(30);
    expect(frame()).toContain('› [ ] ');
    await press(KEY.esc);
    await until('گروه‌های دارایی (1)');
    app.unmount();
  }, 60_000);
});

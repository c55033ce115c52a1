/**
 * What `pnpm demo` does through the API, exactly as the panel would: sign up the demo account,
 * add an asset group on the lab (its discovery starts with it), add the lab's out-of-band
 * community templates as the account's own, then scan what discovery found with the whole public
 * template library and those, and report the first finding and the first out-of-band one.
 */
import { readdirSync, readFileSync } from 'node:fs';
// The root package has no workspace dependencies; the SDK is taken from source (like the lab).
import { createApiClient, type Session } from '../../packages/core/src/index.js';

export const DEMO_ACCOUNT = { username: 'demo', email: 'demo@didban.test', password: 'didban-demo' };
/** The lab web site the demo plants weaknesses on; `shop` is in discovery's bundled wordlist. */
export const DEMO_SITE_LABEL = 'shop';
/** Weaknesses of the public library planted on it (templates find them at once, on 80 and 443). */
export const DEMO_PLANTS = ['git-config-exposure', 'dotenv-file-exposure', 'ds-store-exposure'] as const;
/** The lab app with a blind SSRF and a blind XXE (`partners` is in discovery's bundled wordlist). */
export const DEMO_OOB_LABEL = 'partners';
/** Community templates with `{{interactsh-url}}` that find it (scripts/lab/templates/oast). */
const OOB_TEMPLATE_DIR = new URL('../lab/templates/oast/', import.meta.url);

const READY_MS = 180_000;
const DISCOVERY_MS = 180_000;
const FINDING_MS = 300_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(500);
  }
}

export async function prepareDemoWorkspace(options: {
  baseUrl: string;
  zone: string;
  say: (line: string) => void;
}): Promise<{ scanId: string; historyId: string }> {
  const { baseUrl, zone, say } = options;
  await waitUntil('the server', READY_MS, async () => (await fetch(`${baseUrl}/readyz`)).ok);

  let session: Session | null = null;
  const api = createApiClient({ baseUrl, getToken: () => session?.access, getLanguage: () => 'en' });
  session = await api.auth.register({
    username: DEMO_ACCOUNT.username,
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    confirm_password: DEMO_ACCOUNT.password,
  });
  // Every field the sign-in form asks for, in its order.
  say(
    `Panel: ${baseUrl}  — sign in with username "${DEMO_ACCOUNT.username}", email "${DEMO_ACCOUNT.email}", password "${DEMO_ACCOUNT.password}".`,
  );

  // Web ports only: the lab's other services are for discovery tests, and a short port list
  // keeps the first finding under two minutes on a small machine.
  const group = await api.assets.createGroup({
    name: 'Didban lab',
    roots: [zone],
    port_setting: 'custom',
    custom_ports: '80,443',
    scan_frequency: 'none',
  });
  say(`Asset group "${group.name}" created; discovering ${zone}…`);
  const discovered = await waitUntil('discovery', DISCOVERY_MS, async () => {
    const now = await api.assets.getGroup(group.id);
    return ['finished', 'failed', 'cancelled'].includes(now.status) ? now : null;
  });
  const assets = await api.assets.groupAssets(group.id, { page_size: 1 });
  say(`Discovery ${discovered.status}: ${assets.result_count} assets.`);

  const templateIds: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.templates.list({ scope: 'public', page, page_size: 100 });
    templateIds.push(...answer.results.map((t) => t.id));
    if (page >= answer.total_pages) break;
  }
  // Out-of-band templates, as a user adds community templates: the account's own.
  const oobIds = new Set<string>();
  for (const file of readdirSync(OOB_TEMPLATE_DIR).sort()) {
    const saved = await api.templates.create({ yaml: readFileSync(new URL(file, OOB_TEMPLATE_DIR), 'utf8') });
    templateIds.push(saved.id);
    oobIds.add(saved.template_id);
  }
  const scan = await api.scans.bulkCreate({
    name: 'Demo: the lab with the public library',
    asset_groups: [group.id],
    template_ids: templateIds,
  });
  const historyId = scan.scan_history_id!;
  say(
    `Scan started with ${templateIds.length} public templates: ${baseUrl}/scans/${scan.scan_id}/loading?historyID=${historyId}`,
  );

  const first = await waitUntil('the first finding', FINDING_MS, async () => {
    const page = await api.scans.historyVulnerabilities(scan.scan_id, historyId, { page: 1, page_size: 1 });
    return page.results[0];
  });
  // The finding's own address: the panel opens its scan run with this finding's details open.
  say(
    `First finding: ${first.template_name} on ${first.host}:${first.port} — ${baseUrl}/vulnerabilities/${first.id}`,
  );
  // Out-of-band findings come a little later (the worker polls the interaction server); waiting
  // for one never stops the demo.
  try {
    const oob = await waitUntil('the first out-of-band finding', FINDING_MS, async () => {
      for (let page = 1; ; page++) {
        const answer = await api.scans.historyVulnerabilities(scan.scan_id, historyId, {
          page,
          page_size: 100,
        });
        const found = answer.results.find((v) => oobIds.has(v.template_id));
        if (found || page >= answer.total_pages) return found;
      }
    });
    say(
      `First out-of-band finding (through the interaction server): ${oob.template_name} on ${oob.host}:${oob.port} — ${baseUrl}/vulnerabilities/${oob.id}`,
    );
  } catch (error) {
    say(`No out-of-band finding: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { scanId: scan.scan_id, historyId };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createApiClient, type Session, translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { endGroup, onAnyExit } from '../support/exit-cleanup';
import { solidPng } from '../support/png';
import { createTeam, newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { WORKERS_TEXT } from '../support/workers-texts';

const baseUrl = inject('baseUrl');
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The API as this user, acting in a team (X-Workspace-ID) or in the personal workspace. */
const clientOf = (session: Session, workspace: string | null) =>
  createApiClient({
    baseUrl,
    getToken: () => session.access,
    getWorkspace: () => workspace,
    getLanguage: () => 'en',
  });

const snackbarText = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor();

/** What the server answers a worker saying hello with this key (401 once it is revoked). */
async function workerHello(apiKey: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/v1/worker/hello/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Worker ${apiKey}` },
    body: JSON.stringify({}),
  });
  return answer.status;
}

/** Run a command copied from the setup guide at the repository root, as a user would. */
function startWorker(command: string): { stop: () => void } {
  const child = spawn('bash', ['-c', command], { cwd: REPO, detached: true, stdio: 'ignore' });
  // bash → node: end the group this test started, also when the run is interrupted.
  const stop = () => {
    if (child.exitCode === null) endGroup(child.pid);
  };
  const forget = onAnyExit(stop);
  return {
    stop: () => {
      stop();
      forget();
    },
  };
}

describe.each(['fa', 'en'] as const)('workers in %s', (lang) => {
  const w = WORKERS_TEXT[lang];

  it('a group with a photo; a worker whose key is shown once; its setup guide; revoke and delete', async () => {
    const owner = await register(baseUrl, newAccount(`wrk${lang}`));
    const { page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, '/workers');
      await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
      await page.getByText(w.groupsEmpty).waitFor();
      await page.getByText(w.workersEmpty).waitFor();
      await screenshot(page, `workers-empty-${lang}`);

      // A group: a photo that is too big or not an image is refused in the server's words.
      const groupName = `Edge ${lang}`;
      await page.getByRole('button', { name: w.newGroup, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(w.groupName, { exact: true }).fill(groupName);
      const photo = dialog.getByTestId('group-photo-input');
      await photo.setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
      });
      await dialog.getByText(translate('errors.photo_too_large', lang)).waitFor();
      expect(await dialog.getByRole('button', { name: w.newGroup, exact: true }).isDisabled()).toBe(true);
      await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await dialog.getByText(translate('errors.photo_type', lang)).waitFor();
      await screenshot(page, `workers-group-photo-error-${lang}`);
      await photo.setInputFiles({
        name: 'edge.png',
        mimeType: 'image/png',
        buffer: solidPng(96, 96, [16, 185, 129]),
      });
      expect(await dialog.getByText(translate('errors.photo_type', lang)).count()).toBe(0);
      await dialog.getByRole('button', { name: w.newGroup, exact: true }).click();
      await snackbarText(page, w.groupCreated);
      const card = page.getByTestId('group-card').filter({ hasText: groupName });
      await card.getByTestId('group-photo').waitFor();
      expect(
        await card.getByTestId('group-photo').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBe(96);

      // A file dressed up as a PNG passes the browser's check; the server reads its content.
      await page.getByRole('button', { name: w.editGroup(groupName) }).click();
      await dialog.getByTestId('group-photo-input').setInputFiles({
        name: 'disguised.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not a picture'),
      });
      await dialog.getByRole('button', { name: w.save, exact: true }).click();
      await snackbarText(page, translate('errors.photo_type', lang));

      // A worker: its key is shown once, with a warning, then never again.
      await page.getByRole('button', { name: w.newWorker, exact: true }).click();
      await dialog.getByLabel(w.workerName, { exact: true }).fill(`eu-${lang}`);
      await dialog.getByLabel(w.group, { exact: true }).selectOption({ label: groupName });
      await dialog.getByRole('button', { name: w.newWorker, exact: true }).click();
      await snackbarText(page, w.workerCreated);
      await dialog.getByRole('heading', { name: w.keyTitle }).waitFor();
      await dialog.getByText(w.keyWarning).waitFor();
      const apiKey = ((await dialog.getByTestId('worker-api-key').textContent()) ?? '').trim();
      expect(apiKey.length).toBeGreaterThan(20);
      await screenshot(page, `workers-api-key-${lang}`);
      await dialog.getByRole('button', { name: w.keyDone }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(apiKey);

      const row = page.getByTestId('worker-row').filter({ hasText: `eu-${lang}` });
      await row.getByText(w.offline).waitFor();
      await card.getByText(w.oneWorker).waitFor();
      await page.reload();
      await row.waitFor();
      expect(await page.content()).not.toContain(apiKey);

      // The setup guide: each platform's commands carry this server's address and a key placeholder.
      await row.getByRole('link', { name: `eu-${lang}` }).click();
      await page.getByRole('heading', { name: w.setupTitle }).waitFor();
      const commands = page.getByTestId('setup-command');
      await commands.first().waitFor();
      let text = (await commands.allTextContents()).join('\n');
      expect(text).toContain('docker build -f apps/worker/Dockerfile -t didban-worker .');
      expect(text).toContain(`-e DIDBAN_SERVER_URL=${baseUrl}`);
      expect(text).toContain('-e DIDBAN_WORKER_KEY="<API_KEY>"');
      expect(text).not.toContain(apiKey);
      await screenshot(page, `worker-setup-docker-${lang}`);

      await page.getByRole('tab', { name: w.windows }).click();
      await expect
        .poll(async () => (await commands.allTextContents()).join('\n'))
        .toContain(`--server ${baseUrl} \``);
      text = (await commands.allTextContents()).join('\n');
      expect(text).toContain('--httpx-timeout 5');
      expect(text).not.toContain(apiKey);
      await screenshot(page, `worker-setup-windows-${lang}`);

      await page.getByRole('tab', { name: w.unix }).click();
      // Wait for the Unix form itself: the Windows commands also say `pnpm install`, so waiting for
      // that alone could read the Windows tab still shown (it failed so once in CI).
      await expect
        .poll(async () => (await commands.allTextContents()).join('\n'))
        .toContain(`--server ${baseUrl} \\`);
      await expect.poll(async () => (await commands.allTextContents()).join('\n')).toContain('pnpm install');
      const unixRun = (await commands.allTextContents()).at(-1) ?? '';
      for (const flag of [
        '--task-interval 15',
        '--concurrency 5',
        '--wappalyzer-timeout 5',
        '--naabu-timeout 0',
      ]) {
        expect(unixRun).toContain(`${flag} \\`);
      }

      // Lab or internal host names: the optional resolver flag beside the command (issue 34, item 15).
      expect(await page.getByTestId('setup-resolver').locator('code').textContent()).toBe(
        '--resolver 10.0.0.53:53',
      );

      // The Linux command as shown, with the saved key pasted in, really starts a worker from this
      // checkout (dependencies are installed already): the panel then shows it online.
      const machine = startWorker(unixRun.replace('<API_KEY>', apiKey));
      try {
        await expect
          .poll(
            async () => {
              await page.reload();
              return page.getByTestId('worker-status').getAttribute('data-status');
            },
            { timeout: 45_000, interval: 2_000 },
          )
          .toBe('online');
      } finally {
        machine.stop();
      }
      await page.getByTestId('worker-status').getByText(w.online).waitFor();
      await screenshot(page, `worker-detail-${lang}`);
      await page.goto('/workers');
      await row.getByText(w.online).waitFor();
      await screenshot(page, `workers-${lang}`);
      await row.getByRole('link', { name: `eu-${lang}` }).click();
      await page.getByRole('heading', { name: w.setupTitle }).waitFor();

      // Rename from the details page.
      await page.getByRole('button', { name: w.rename, exact: true }).click();
      await dialog.getByLabel(w.workerName, { exact: true }).fill(`eu-west-${lang}`);
      await dialog.getByRole('button', { name: w.save, exact: true }).click();
      await snackbarText(page, w.workerRenamed);
      await page.getByRole('heading', { name: `eu-west-${lang}`, level: 1 }).waitFor();

      // Move to group (issue 34, item 15): the existing worker leaves its group and joins it again.
      const moveTo = page.getByLabel(w.moveTo, { exact: true });
      expect(await moveTo.inputValue()).not.toBe('');
      const moveButton = page.getByRole('button', { name: w.move, exact: true });
      await moveTo.selectOption({ label: w.noGroup });
      await moveButton.click();
      await snackbarText(page, w.workerMoved);
      // Once the page has the worker as it is now (no group), that choice is no change any more.
      await expect.poll(() => moveButton.isDisabled()).toBe(true);
      expect(await moveTo.inputValue()).toBe('');
      // A choice made now stays chosen when the worker's data comes back again.
      await moveTo.selectOption({ label: groupName });
      await page.getByRole('button', { name: w.move, exact: true }).click();
      await expect.poll(() => moveTo.inputValue()).not.toBe('');
      // Disabled once the worker's data comes back with the move done (CI saw it read too early).
      await expect
        .poll(() => page.getByRole('button', { name: w.move, exact: true }).isDisabled())
        .toBe(true);

      // Revoke (confirmed): the key stops working. Then delete (confirmed): back to the list.
      await page.getByRole('button', { name: w.revoke, exact: true }).click();
      await dialog.getByRole('button', { name: w.revoke, exact: true }).click();
      await snackbarText(page, w.workerRevoked);
      await page.getByTestId('worker-status').getByText(w.revoked).waitFor();
      expect(await workerHello(apiKey)).toBe(401);

      await page.getByRole('button', { name: w.delete, exact: true }).click();
      await dialog.getByRole('button', { name: w.delete, exact: true }).click();
      await snackbarText(page, w.workerDeleted);
      await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
      await page.getByText(w.workersEmpty).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a plain member of a team sees its groups, workers and setup guide, but no way to change them', async () => {
    const ownerAccount = newAccount(`wown${lang}`);
    const memberAccount = newAccount(`wmem${lang}`);
    const owner = await register(baseUrl, ownerAccount);
    const member = await register(baseUrl, memberAccount);
    const teamId = await createTeam(baseUrl, owner, `Ops ${lang}`);
    const ownerApi = clientOf(owner, teamId);
    await ownerApi.teams.invite(teamId, { email_or_username: memberAccount.username, role: 'user' });
    const memberApi = clientOf(member, null);
    const [invitation] = (await memberApi.invitations.mine()).results;
    await memberApi.invitations.accept(invitation?.id ?? '');
    const group = await ownerApi.workers.createGroup({ name: `Shared ${lang}` });
    const { worker } = await ownerApi.workers.create({ name: `ro-${lang}`, group_id: group.id });

    const { page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/favicon.svg');
      await page.evaluate((id) => localStorage.setItem('didban.workspace', id), teamId);
      await openSignedIn(page, member, '/workers');
      await page.getByText(w.readOnly).waitFor();
      await page
        .getByTestId('group-card')
        .filter({ hasText: `Shared ${lang}` })
        .waitFor();
      const row = page.getByTestId('worker-row').filter({ hasText: `ro-${lang}` });
      await row.waitFor();
      for (const name of [w.newGroup, w.newWorker, w.rename, w.revoke, w.delete]) {
        expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      }
      expect(await page.getByRole('button', { name: w.editGroup(`Shared ${lang}`) }).count()).toBe(0);
      await screenshot(page, `workers-member-${lang}`);

      await row.getByRole('link', { name: `ro-${lang}` }).click();
      await page.getByRole('heading', { name: w.setupTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/workers/${worker.id}`);
      for (const name of [w.rename, w.revoke, w.delete]) {
        expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

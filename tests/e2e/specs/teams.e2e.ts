import { translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, notify, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { SETTINGS_TEXT } from '../support/settings-texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const snackbarText = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor();

describe.each(['fa', 'en'] as const)('teams in %s', (lang) => {
  const s = SETTINGS_TEXT[lang];

  it('a second user is invited, accepts, works in the team, and a role change changes what they may do', async () => {
    const ownerAccount = newAccount(`own${lang}`);
    const memberAccount = newAccount(`mem${lang}`);
    const owner = await register(baseUrl, ownerAccount);
    const member = await register(baseUrl, memberAccount);
    // The owner's personal data the member must never see.
    await notify(baseUrl, ownerAccount.username, `Private note of ${ownerAccount.username}`, null);
    const teamName = `Blue team ${lang}`;

    const a = await openPage(browser, baseUrl, lang);
    const b = await openPage(browser, baseUrl, lang);
    try {
      // The owner creates the team through the dialog; core's rules speak first.
      await openSignedIn(a.page, owner, '/settings/teams');
      await a.page.getByRole('heading', { name: s.teamsTitle }).waitFor();
      await a.page.getByRole('button', { name: s.createTeam, exact: true }).click();
      const dialog = a.page.getByRole('dialog');
      await dialog.getByRole('button', { name: s.createTeam, exact: true }).click();
      await dialog.getByText(translate('teams.name_required', lang)).waitFor();
      await dialog.getByLabel(s.teamName).fill('B');
      await dialog.getByRole('button', { name: s.createTeam, exact: true }).click();
      await dialog.getByText(translate('teams.name_min', lang)).waitFor();
      await screenshot(a.page, `settings-teams-create-${lang}`);
      await dialog.getByLabel(s.teamName).fill(teamName);
      await dialog.getByRole('button', { name: s.createTeam, exact: true }).click();
      await snackbarText(a.page, s.teamCreated);
      const row = a.page.getByTestId('team-row').filter({ hasText: teamName });
      await row.waitFor();
      expect(await row.textContent()).toContain(s.roleOwner);
      await screenshot(a.page, `settings-teams-${lang}`);

      // Invite: the empty field is refused with the spec's words, then the member is invited.
      await row.getByRole('link', { name: s.manage }).click();
      await a.page.getByRole('heading', { name: teamName }).waitFor();
      const inviteForm = a.page.getByRole('form', {
        name: lang === 'fa' ? 'دعوت عضو جدید' : 'Invite a member',
      });
      await inviteForm.getByRole('button', { name: s.invite, exact: true }).click();
      await inviteForm.getByText(translate('teams.invitee_required', lang)).waitFor();
      await inviteForm.getByLabel(s.inviteWho).fill(memberAccount.username);
      await inviteForm.getByRole('button', { name: s.invite, exact: true }).click();
      await snackbarText(a.page, s.inviteSent(memberAccount.username));
      const teamUrl = new URL(a.page.url()).pathname;
      const teamId = teamUrl.split('/').pop()!;

      // The member accepts from the invitations tab.
      await openSignedIn(b.page, member, '/settings/teams?tab=invitations');
      const invitation = b.page.getByTestId('invitation-row').filter({ hasText: teamName });
      await invitation.waitFor();
      await screenshot(b.page, `settings-teams-invitations-${lang}`);
      await invitation.getByRole('button', { name: s.accept, exact: true }).click();
      await snackbarText(b.page, s.joined(teamName));

      // …switches to the team's workspace…
      await b.page.getByTestId('workspace-switcher').click();
      await Promise.all([
        b.page.waitForEvent('load'),
        b.page.getByRole('menuitem', { name: teamName }).click(),
      ]);
      await expect.poll(() => b.page.getByTestId('workspace-switcher').textContent()).toBe(teamName);
      expect(await b.page.evaluate(() => localStorage.getItem('didban.workspace'))).toBe(teamId);

      // …sees the team as a plain user: members, no management actions.
      await b.page.goto(teamUrl);
      const members = b.page.getByTestId('member-row');
      await expect.poll(() => members.count()).toBe(2);
      expect(await b.page.getByRole('tab', { name: s.requestsTab, exact: true }).count()).toBe(0);
      expect(await b.page.getByRole('tab', { name: s.activityTab, exact: true }).count()).toBe(0);
      expect(await b.page.getByRole('button', { name: s.remove, exact: true }).count()).toBe(0);
      expect(await b.page.getByRole('button', { name: s.invite, exact: true }).count()).toBe(0);
      expect(await b.page.getByRole('button', { name: s.deleteTeam, exact: true }).count()).toBe(0);
      expect(await b.page.getByRole('button', { name: s.leave, exact: true }).isVisible()).toBe(true);
      expect(await b.page.getByRole('button', { name: s.rename, exact: true }).count()).toBe(0);
      await screenshot(b.page, `settings-team-user-${lang}`);

      // None of the owner's personal data.
      await b.page.goto('/settings/notifications');
      await b.page.getByTestId('notifications-total').waitFor();
      expect(await b.page.getByText(`Private note of ${ownerAccount.username}`).count()).toBe(0);

      // The owner makes the member an admin…
      await a.page.reload();
      await a.page.getByLabel(s.roleOf(memberAccount.username)).selectOption('admin');
      await snackbarText(a.page, s.roleChanged);
      await a.page.getByRole('tab', { name: s.activityTab, exact: true }).click();
      await a.page.getByTestId('activity-log').waitFor();
      await screenshot(a.page, `settings-team-activity-${lang}`);
      await a.page.getByRole('tab', { name: s.membersTab, exact: true }).click();
      await screenshot(a.page, `settings-team-owner-${lang}`);

      // …and the admin now sees invitations, requests and the log, but cannot touch the owner.
      await b.page.goto(teamUrl);
      await b.page.getByRole('tab', { name: s.requestsTab, exact: true }).waitFor();
      expect(await b.page.getByRole('tab', { name: s.activityTab, exact: true }).isVisible()).toBe(true);
      expect(await b.page.getByRole('button', { name: s.invite, exact: true }).isVisible()).toBe(true);
      const ownerRow = b.page.getByTestId('member-row').filter({ hasText: ownerAccount.username });
      expect(await ownerRow.getByRole('button', { name: s.remove, exact: true }).count()).toBe(0);
      expect(await ownerRow.getByRole('combobox').count()).toBe(0);
      expect(await b.page.getByRole('button', { name: s.transfer, exact: true }).count()).toBe(0);
      expect(await b.page.getByRole('button', { name: s.deleteTeam, exact: true }).count()).toBe(0);

      // An admin may rename the team (same name rules).
      const renamed = `${teamName} renamed`;
      await b.page.getByRole('button', { name: s.rename, exact: true }).click();
      await b.page.getByRole('dialog').getByLabel(s.teamName).fill(renamed);
      await b.page.getByRole('dialog').getByRole('button', { name: s.save, exact: true }).click();
      await snackbarText(b.page, s.teamRenamed);
      await b.page.getByRole('heading', { name: renamed }).waitFor();

      // The owner deletes the team after confirming; it leaves the list.
      await a.page.goto('/settings/teams');
      const ownRow = a.page.getByTestId('team-row').filter({ hasText: renamed });
      await ownRow.getByRole('button', { name: s.deleteTeam, exact: true }).click();
      await a.page.getByRole('dialog').getByRole('button', { name: s.deleteTeam, exact: true }).click();
      await snackbarText(a.page, s.teamDeleted);
      await expect.poll(() => ownRow.count()).toBe(0);

      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it("says 'Failed to load invites' when the invitations cannot be loaded", async () => {
    const session = await register(baseUrl, newAccount(`inv${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.route('**/api/v1/panel/invitations/**', (route) => route.fulfill({ status: 500, body: '' }));
      await openSignedIn(page, session, '/settings/teams?tab=invitations');
      await snackbarText(page, s.invitationsFailed);
      expect(await page.getByRole('alert').filter({ hasText: s.invitationsFailed }).count()).toBeGreaterThan(
        0,
      );
    } finally {
      await context.close();
    }
  });
});

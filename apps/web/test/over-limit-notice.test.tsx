import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { assetsGroupsEn } from '../src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../src/i18n/locales/fa/assets-groups';
import { NAMESPACES } from '../src/i18n/namespaces';
import { OverLimitNotice } from '../src/pages/assets/group/over-limit-notice';

// Issue 34 item 7: the group page says when its latest discovery found hosts past the plan's
// asset limit (not stored), the rule that chose what was kept, which hosts, and where to upgrade.
beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
  i18next.addResourceBundle('fa', 'assets', assetsGroupsFa, true, false);
  i18next.addResourceBundle('en', 'assets', assetsGroupsEn, true, false);
});

const history = (over: number, hosts: string[]) => ({
  id: 'h1',
  status: 'finished' as const,
  started_at: '2026-12-01T10:00:00Z',
  completed_at: '2026-12-01T10:01:00Z',
  duration: 60,
  new_assets: 100,
  over_limit: over,
  over_limit_hosts: hosts,
  asset_limit: 100,
});

const show = async (lang: 'fa' | 'en', latest: ReturnType<typeof history>) => {
  await i18next.changeLanguage(lang);
  return render(
    <MemoryRouter>
      <OverLimitNotice latest={latest} />
    </MemoryRouter>,
  );
};

describe('the over-the-limit notice of a group page', () => {
  it('counts the hosts not stored in English, states the rule and links to billing', async () => {
    const view = await show('en', history(2914, ['c.lab.test:80', 'd.lab.test:443']));
    const notice = screen.getByTestId('discovery-over-limit');
    expect(notice.querySelector('p')?.textContent).toBe(
      'The latest discovery found 2,914 new hosts past your plan’s limit of 100 assets; they were not stored. Upgrade your plan',
    );
    expect(notice.textContent).toContain('root domains first');
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/settings/billing',
    );
    expect(screen.getByText('Show the 2 hosts not stored')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'c.lab.test:80',
      'd.lab.test:443',
    ]);
    view.unmount();
  });

  it('says it in Persian with Persian digits and separator', async () => {
    const view = await show('fa', history(2914, ['c.lab.test:80']));
    expect(screen.getByTestId('discovery-over-limit').querySelector('p')?.textContent).toBe(
      'آخرین کشف ۲٬۹۱۴ میزبان جدید بیش از سقف ۱۰۰ دارایی طرح شما پیدا کرد؛ ذخیره نشدند. ارتقای طرح',
    );
    view.unmount();
  });

  it('shows nothing when the latest discovery stayed within the limit', async () => {
    const view = await show('en', history(0, []));
    expect(screen.queryByTestId('discovery-over-limit')).toBeNull();
    view.unmount();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { assetsGroupsEn } from '../src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../src/i18n/locales/fa/assets-groups';
import { NAMESPACES } from '../src/i18n/namespaces';
import { ReadMore } from '../src/pages/assets/technologies/read-more';

beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
  // The asset group pages' strings arrive with those pages (load-group-strings.ts).
  i18next.addResourceBundle('fa', 'assets', assetsGroupsFa, true, false);
  i18next.addResourceBundle('en', 'assets', assetsGroupsEn, true, false);
});

const long =
  'WordPress is a free and open-source content management system written in PHP and paired with a MySQL or MariaDB database. Features include a plugin architecture and a template system.';

describe('technology description (spec §2: read more / read less)', () => {
  it('shows a short description whole, without a toggle', async () => {
    await i18next.changeLanguage('en');
    render(<ReadMore text="A web server." />);
    expect(screen.getByText('A web server.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('cuts a long one at a word and toggles between read more and read less', async () => {
    await i18next.changeLanguage('en');
    const { container } = render(<ReadMore text={long} />);
    const button = screen.getByRole('button', { name: 'Read more' });
    expect(container.textContent).toContain('…');
    expect(container.textContent).not.toContain('template system.');
    fireEvent.click(button);
    expect(container.textContent).toContain('template system.');
    expect(screen.getByRole('button', { name: 'Read less' }).getAttribute('aria-expanded')).toBe('true');
  });
  it('speaks Persian in fa', async () => {
    await i18next.changeLanguage('fa');
    render(<ReadMore text={long} />);
    expect(screen.getByRole('button', { name: 'بیشتر بخوانید' })).toBeTruthy();
  });
});

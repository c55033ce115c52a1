import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SetupGuide } from '../src/components/workers/setup-guide';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { resolverOption } from '../src/lib/worker-setup';

// The setup guide names the worker's resolver flag, for lab or internal host names public DNS does
// not know (issue 34, item 15): an optional line beside the run command, in the platform's spelling.

beforeAll(async () => {
  await initI18n('en', en);
  for (const ns of NAMESPACES) i18next.addResourceBundle('fa', ns, fa[ns]);
});
beforeEach(async () => {
  await i18next.changeLanguage('en');
});

const guide = (tab: string) =>
  render(
    <MemoryRouter initialEntries={[`/workers/w1?tab=${tab}`]}>
      <SetupGuide revoked={false} />
    </MemoryRouter>,
  );

describe('the setup guide: resolver for lab or internal names', () => {
  it('Linux/macOS: the optional --resolver flag with an example DNS server, in English', () => {
    guide('unix');
    const hint = screen.getByTestId('setup-resolver');
    expect(hint.querySelector('code')?.textContent).toBe('--resolver 10.0.0.53:53');
    expect(hint.querySelector('code')?.getAttribute('dir')).toBe('ltr');
    expect(hint.textContent).toBe(
      'Optional, for lab or internal host names that public DNS does not know: add --resolver 10.0.0.53:53 to the run command with your own DNS server (host:port; several separated by commas).',
    );
  });

  it('Docker: the same setting as the environment variable the worker reads, in Persian', async () => {
    await i18next.changeLanguage('fa');
    guide('docker');
    const hint = screen.getByTestId('setup-resolver');
    expect(hint.querySelector('code')?.textContent).toBe('-e DIDBAN_RESOLVERS=10.0.0.53:53');
    expect(hint.textContent).toContain('اختیاری، برای نام‌های میزبان آزمایشگاه یا شبکهٔ داخلی');
  });

  it('Windows spells it as a flag too', () => {
    expect(resolverOption('windows')).toBe('--resolver 10.0.0.53:53');
    guide('windows');
    expect(screen.getByTestId('setup-resolver').querySelector('code')?.textContent).toBe(
      '--resolver 10.0.0.53:53',
    );
  });
});

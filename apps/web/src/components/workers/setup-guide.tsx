import { useTranslation } from 'react-i18next';
import { API_KEY_PLACEHOLDER, resolverOption, SETUP_PLATFORMS, setupSteps } from '../../lib/worker-setup';
import { CODE_SLOT, SentenceWithCode } from '../ui/sentence-with-code';
import { TabBar, useTab } from '../ui/tabs';
import { CommandBlock } from './command-block';

/**
 * How to run this worker: Docker, Linux/macOS or Windows, with this server's address filled in
 * and a placeholder for the key (shown once at creation, never again).
 */
export function SetupGuide({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation('workers');
  const platform = useTab(SETUP_PLATFORMS, 'docker');
  // Workers talk to the same origin that serves the panel.
  const serverUrl = window.location.origin;
  // Commands and addresses inside a sentence stay left to right in Persian (Unicode isolates).
  const ltr = (text: string) => `\u2066${text}\u2069`;
  return (
    <section aria-labelledby="setup-title" className="flex flex-col gap-4">
      <h2 id="setup-title" className="text-lg font-semibold">
        {t('setup.title')}
      </h2>
      {revoked ? (
        <p
          role="alert"
          className="rounded-lg border border-red-500/40 bg-red-950/50 p-3 text-sm text-red-100"
        >
          {t('setup.revoked')}
        </p>
      ) : null}
      <p className="text-sm text-zinc-400">
        {t('setup.intro', { url: ltr(serverUrl), placeholder: ltr(API_KEY_PLACEHOLDER) })}
      </p>
      <TabBar
        label={t('setup.tabs')}
        current={platform}
        items={SETUP_PLATFORMS.map((key) => ({ key, label: t(`setup.${key}`) }))}
      />
      <div role="tabpanel" className="flex flex-col gap-4">
        <p className="text-sm text-zinc-400">
          {t(`setup.needs.${platform}`)} {t('setup.checkout')}
        </p>
        {setupSteps(platform, serverUrl).map((step) => (
          <CommandBlock
            key={step.key}
            label={t(`setup.steps.${step.key}`)}
            command={step.command}
            copyLabel={t('setup.copyCommand', { step: t(`setup.steps.${step.key}`) })}
          />
        ))}
        <p className="text-xs text-zinc-500" data-testid="setup-resolver">
          <SentenceWithCode
            sentence={t('setup.resolver', { flag: CODE_SLOT })}
            code={resolverOption(platform)}
          />
        </p>
        {platform === 'docker' ? (
          <p className="text-xs text-zinc-500" data-testid="setup-docker-local">
            <SentenceWithCode sentence={t('setup.dockerLocal', { flag: CODE_SLOT })} code="--network host" />
          </p>
        ) : null}
        <p className="text-xs text-zinc-500">
          <SentenceWithCode sentence={t('setup.defaults', { help: CODE_SLOT })} code="didban-worker --help" />
        </p>
      </div>
    </section>
  );
}

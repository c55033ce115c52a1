import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routes/paths';

/** Opens the groups page with the create wizard already open (groups-page reads `?new=1`). */
export const NEW_GROUP_PATH = `${PATHS.assetGroups}?new=1`;

/**
 * A newcomer's next step while the workspace has no asset group: nothing else in the panel
 * (discovery, inventory, scans) has anything to show before one exists.
 */
export function FirstStep() {
  const { t } = useTranslation('home');
  return (
    <section
      data-testid="first-step"
      aria-labelledby="first-step-title"
      className="rounded-2xl border border-brand-500/60 bg-brand-700/10 p-6"
    >
      <h2 id="first-step-title" className="text-lg font-semibold">
        {t('firstStep.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-zinc-300">{t('firstStep.body')}</p>
      <Link
        to={NEW_GROUP_PATH}
        className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-500"
      >
        {t('firstStep.action')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { PATHS } from '../routes/paths';

export function NotFoundPage() {
  const { t } = useTranslation('layout');
  return (
    <section className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-4 text-center">
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-zinc-400">{t('notFound.body')}</p>
      <Link to={PATHS.home} className={buttonClass('secondary')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

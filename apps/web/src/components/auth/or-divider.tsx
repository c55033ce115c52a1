import { useTranslation } from 'react-i18next';

export function OrDivider() {
  const { t } = useTranslation('auth');
  return (
    <div className="flex items-center gap-3 text-xs text-zinc-500">
      <span className="h-px flex-1 bg-zinc-800" />
      {t('or')}
      <span className="h-px flex-1 bg-zinc-800" />
    </div>
  );
}

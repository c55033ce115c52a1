import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { switchLanguage } from '../../lib/language';

/** Switches between Persian and English; the label is the other language's own name. */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const other = lang === 'fa' ? 'en' : 'fa';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => switchLanguage(other)}
      aria-label={t('profile.languageLabel')}
      data-testid="language-toggle"
      className={`rounded-lg border border-zinc-700 px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800 ${className}`}
    >
      {t('profile.language')}
    </button>
  );
}

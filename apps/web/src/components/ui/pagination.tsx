import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { pageItems } from '../../lib/page-items';

export function Pagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('shared');
  const lang = useLang();
  if (totalPages <= 1) return null;
  const cell = 'inline-flex min-w-9 items-center justify-center rounded-md px-2 py-1.5 text-sm';
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-center gap-1">
      <button
        type="button"
        className={`${cell} text-zinc-300 hover:bg-zinc-800 disabled:opacity-40`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('pagination.previous')}
      >
        {/* Points back along the reading direction, so it flips in Persian. */}
        <svg viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" aria-hidden="true">
          <path d="M12 5l-5 5 5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {pageItems(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={`${cell} ${item === page ? 'bg-brand-600 text-white' : 'text-zinc-300 hover:bg-zinc-800'}`}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: formatNumber(item, lang) })}
            onClick={() => onChange(item)}
          >
            {formatNumber(item, lang)}
          </button>
        ) : (
          <span key={item} className={`${cell} text-zinc-500`} aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={`${cell} text-zinc-300 hover:bg-zinc-800 disabled:opacity-40`}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
        aria-label={t('pagination.next')}
      >
        <svg viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" aria-hidden="true">
          <path d="M8 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </nav>
  );
}

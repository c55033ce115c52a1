import { normalizeError, translate } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { Button } from './button';

/** What a failed or pending query offers: enough of TanStack's result to word it and ask again. */
export type LoadingQuery = {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * Why a load failed, honestly: a server that cannot be reached is not "not found" (spec §8). Only a
 * 404 earns `notFound`; a network failure says so; anything else is the situation's `failed`.
 */
export function loadFailure(error: unknown, lang: 'fa' | 'en', failed: string, notFound?: string): string {
  const status = normalizeError(error).status;
  if (status === null) return translate('errors.network', lang);
  if (status === 404 && notFound) return notFound;
  return failed;
}

/**
 * A list's or page's loading and failure state in one place: skeleton rows while the first answer
 * is on its way, then the honest reason and a Retry button when it failed.
 */
export function QueryState({
  query,
  failed,
  notFound,
  loading,
}: {
  query: LoadingQuery;
  /** The situation's failure message; defaults to the shared "Could not load this". */
  failed?: string;
  /** Said only when the server answered 404. */
  notFound?: string;
  loading?: string;
}) {
  const { t } = useTranslation('shared');
  if (!query.isError) return <SkeletonRows label={loading ?? t('loading')} />;
  return (
    <LoadFailed
      error={query.error}
      retry={query.refetch}
      retrying={query.isFetching}
      failed={failed}
      notFound={notFound}
    />
  );
}

/** The failure line and its Retry button. */
export function LoadFailed({
  error,
  retry,
  retrying,
  failed,
  notFound,
}: {
  error: unknown;
  retry: () => unknown;
  retrying: boolean;
  failed?: string;
  notFound?: string;
}) {
  const { t } = useTranslation('shared');
  const lang = useLang();
  return (
    <div role="alert" data-testid="load-failed" className="mt-6 flex flex-wrap items-center gap-3">
      <p className="text-sm text-red-300">{loadFailure(error, lang, failed ?? t('loadFailed'), notFound)}</p>
      <Button variant="secondary" disabled={retrying} onClick={() => void retry()}>
        {retrying ? t('loading') : t('retry')}
      </Button>
    </div>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c'];

/** Placeholder rows in the shape of a list while its first answer is on its way. */
export function SkeletonRows({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      data-testid="skeleton-rows"
      className="mt-4 flex flex-col gap-2"
    >
      {SKELETON_KEYS.map((key) => (
        <div key={key} className="h-10 animate-pulse rounded-lg bg-zinc-900" />
      ))}
    </div>
  );
}

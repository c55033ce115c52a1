import type { Vulnerability } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatDate } from '../../lib/format-date';

/** A finding's due date, with an "overdue" mark when it is open and past it (issue 32, SLA). */
export function DueMark({ vuln }: { vuln: Pick<Vulnerability, 'due_at' | 'overdue'> }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  if (!vuln.due_at)
    return (
      <span className="text-xs text-zinc-500" data-testid="vuln-due" data-due="">
        {t('lifecycle.dueNone')}
      </span>
    );
  return (
    <span
      className="inline-flex flex-wrap items-center gap-1.5 text-xs whitespace-nowrap text-zinc-300"
      data-testid="vuln-due"
      data-due={vuln.due_at}
      data-overdue={vuln.overdue ? 'true' : 'false'}
    >
      <time dateTime={vuln.due_at}>{formatDate(vuln.due_at, lang)}</time>
      {vuln.overdue ? (
        <span
          className="rounded-full bg-red-500/15 px-2 py-0.5 font-medium text-red-300 ring-1 ring-red-500/40 ring-inset"
          data-testid="vuln-overdue"
        >
          {t('lifecycle.overdue')}
        </span>
      ) : null}
    </span>
  );
}

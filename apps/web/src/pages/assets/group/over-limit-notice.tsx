import type { EnumerationHistory } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { PATHS } from '../../../routes/paths';

/**
 * The group's latest discovery found new hosts past the plan's asset limit: how many, the limit,
 * the rule that chose what was kept (the server's discovery/plan-cap.ts), the hosts not stored,
 * and the way to a larger plan. Nothing when the latest run stayed within the limit.
 */
export function OverLimitNotice({ latest }: { latest?: EnumerationHistory }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const over = latest?.over_limit ?? 0;
  if (!latest || over === 0) return null;
  const hosts = latest.over_limit_hosts ?? [];
  const n = (v: number) => formatNumber(v, lang);
  return (
    <div
      role="status"
      data-testid="discovery-over-limit"
      className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-200"
    >
      <p>
        {t('group.overLimit.text', { count: over, n: n(over), limit: n(latest.asset_limit ?? 0) })}{' '}
        <Link to={PATHS.settingsBilling} className="font-medium underline">
          {t('group.overLimit.upgrade')}
        </Link>
      </p>
      <p className="mt-1 text-amber-200/80">{t('group.overLimit.rule')}</p>
      {hosts.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer">
            {t('group.overLimit.show', { count: hosts.length, n: n(hosts.length) })}
          </summary>
          <ul className="mt-2 max-h-40 overflow-y-auto" data-testid="over-limit-hosts">
            {hosts.map((h) => (
              <li key={h} dir="ltr" className="break-all text-start font-mono text-xs">
                {h}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

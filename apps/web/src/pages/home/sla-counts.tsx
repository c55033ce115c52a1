import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFindingSummary } from '../../components/findings/use-findings';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { PATHS } from '../../routes/paths';

/** The home page's SLA counts of open findings (issue 32): overdue, due within 7 days, mine. */
export function SlaCounts() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const summary = useFindingSummary();
  const data = summary.data;
  const items = [
    // Each opens the Findings page with the filter that counts exactly these findings.
    {
      key: 'overdue',
      label: t('sla.overdue'),
      value: data?.overdue,
      tone: 'text-red-300',
      to: `${PATHS.findings}?overdue=1`,
    },
    {
      key: 'due-7d',
      label: t('sla.due7d'),
      value: data?.due_7d,
      tone: 'text-amber-300',
      to: `${PATHS.findings}?due_within=7`,
    },
    {
      key: 'assigned-to-me',
      label: t('sla.assignedToMe'),
      value: data?.assigned_to_me,
      tone: 'text-sky-300',
      to: `${PATHS.findings}?assignee=me&status=unresolved`,
    },
  ];
  if (summary.isError && !data) return null;
  return (
    <ul aria-label={t('sla.label')} className="grid grid-cols-3 gap-3" data-testid="home-sla">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.to}
            data-testid={`home-sla-${item.key}`}
            className="block h-full rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 transition hover:border-brand-500/60"
          >
            <span className="block text-xs text-zinc-400">{item.label}</span>
            <span
              className={`mt-2 block text-2xl font-bold tabular-nums ${item.value ? item.tone : 'text-zinc-100'}`}
              data-value={item.value ?? ''}
            >
              {item.value === undefined ? '…' : formatNumber(item.value, lang)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

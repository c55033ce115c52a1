import type { AssetGroup } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/ui/time-ago';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { assetGroupPath } from '../../../routes/paths';
import { type GroupAction, GroupActions } from './group-actions';
import { GroupStatusBadge } from './group-status';

const SHOWN_ROOTS = 2;

/** One asset group in the groups table. */
export function GroupRow({
  group,
  selected,
  onToggle,
  onAction,
}: {
  group: AssetGroup;
  selected: boolean;
  onToggle: () => void;
  onAction: (action: GroupAction, group: AssetGroup) => void;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const more = group.roots.length - SHOWN_ROOTS;
  return (
    <tr data-testid="group-row" className="border-t border-zinc-800 align-top">
      <td className="px-3 py-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={t('groups.select', { name: group.name })}
        />
      </td>
      <td className="max-w-72 px-3 py-3">
        <Link to={assetGroupPath(group.id)} className="font-medium text-white hover:underline">
          {group.name}
        </Link>
        <p className="mt-0.5 truncate text-xs text-zinc-400" dir="ltr" title={group.roots.join(', ')}>
          {group.roots.slice(0, SHOWN_ROOTS).join(', ')}
          {more > 0 ? ` +${more}` : ''}
        </p>
      </td>
      <td className="px-3 py-3 tabular-nums" data-testid="group-asset-count">
        {formatNumber(group.asset_count, lang)}
      </td>
      <td className="px-3 py-3">
        <GroupStatusBadge status={group.status} />
      </td>
      <td className="px-3 py-3 text-zinc-300">{t(`frequency.${group.scan_frequency}`)}</td>
      <td className="px-3 py-3 text-zinc-400">
        <TimeAgo time={group.last_updated} />
      </td>
      <td className="px-3 py-3 text-end">
        <GroupActions group={group} onAction={onAction} />
      </td>
    </tr>
  );
}

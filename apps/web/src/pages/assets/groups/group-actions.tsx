import type { AssetGroup } from '@didban/core';
import { Menu, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { MoreButton } from '../../../components/ui/more-button';
import { isDiscovering } from './group-status';

export type GroupAction = 'scan' | 'rediscover' | 'cancel' | 'edit' | 'delete';

/** A group's actions menu: scan, re-discover or cancel the running discovery, edit, delete. */
export function GroupActions({
  group,
  onAction,
}: {
  group: AssetGroup;
  onAction: (action: GroupAction, group: AssetGroup) => void;
}) {
  const { t } = useTranslation('assets');
  const item = 'flex w-full rounded-md px-3 py-2 text-start text-sm data-focus:bg-zinc-800';
  const running = isDiscovering(group.status);
  const actions: GroupAction[] = ['scan', running ? 'cancel' : 'rediscover', 'edit', 'delete'];
  return (
    <Menu as="div" className="relative inline-block">
      <MoreButton label={t('groups.actionsFor', { name: group.name })} />
      <MenuItems
        anchor="bottom end"
        className="z-50 w-48 rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl focus:outline-none"
      >
        {actions.map((action) => (
          <MenuItem key={action}>
            <button
              type="button"
              className={`${item} ${action === 'delete' || action === 'cancel' ? 'text-red-300' : ''}`}
              onClick={() => onAction(action, group)}
            >
              {t(`groups.action.${action}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

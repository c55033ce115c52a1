import type { Scan } from '@didban/core';
import { Menu, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoreButton } from '../../components/ui/more-button';
import { scanPath } from '../../routes/paths';

export type ScanAction = 'run' | 'edit' | 'cancel' | 'delete';

/** A run in flight can be cancelled (spec §4: per scan history); otherwise it can be run again. */
export const canCancel = (scan: Scan) =>
  !!scan.latest_history && (scan.status === 'running' || scan.status === 'initializing');

const item = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm data-focus:bg-zinc-800';

/** The ⋯ menu of a scan row: open, run now or cancel, edit, delete. */
export function ScanRowActions({ scan, onAction }: { scan: Scan; onAction: (action: ScanAction) => void }) {
  const { t } = useTranslation('scans');
  const running = canCancel(scan);
  return (
    <Menu as="div" className="relative">
      <MoreButton label={t('list.actions.menu', { name: scan.name })} data-testid="scan-actions" />
      <MenuItems
        anchor="bottom end"
        className="z-50 w-44 rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl focus:outline-none"
      >
        <MenuItem>
          <Link to={scanPath(scan.id)} className={`${item} text-zinc-200`}>
            {t('list.actions.open')}
          </Link>
        </MenuItem>
        {running ? (
          <MenuItem>
            <button type="button" className={`${item} text-amber-300`} onClick={() => onAction('cancel')}>
              {t('list.actions.cancel')}
            </button>
          </MenuItem>
        ) : (
          <MenuItem>
            <button type="button" className={`${item} text-zinc-200`} onClick={() => onAction('run')}>
              {t('list.actions.run')}
            </button>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" className={`${item} text-zinc-200`} onClick={() => onAction('edit')}>
            {t('list.actions.edit')}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={`${item} text-red-300`} onClick={() => onAction('delete')}>
            {t('list.actions.delete')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

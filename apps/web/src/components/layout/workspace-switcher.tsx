import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from '@headlessui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyTeams } from '../../hooks/use-teams';
import { workspaceStore } from '../../lib/workspace-store';

/** Personal workspace + the user's teams (spec §2); the choice is stored and the page reloads. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('layout');
  const teams = useMyTeams();
  const current = workspaceStore.get();
  const currentTeam = teams.data?.find((team) => team.id === current);
  const name = current ? (currentTeam?.name ?? '…') : t('workspace.personal');

  // A team the user has left (or that was deleted) must not stay selected.
  useEffect(() => {
    if (current && teams.data && !teams.data.some((team) => team.id === current)) {
      workspaceStore.switchTo(null);
    }
  }, [current, teams.data]);

  const item = 'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-start text-sm';
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex max-w-44 items-center gap-2 rounded-lg border border-zinc-700 px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800"
        aria-label={t('workspace.current', { name })}
        data-testid="workspace-switcher"
      >
        <span className="truncate">{name}</span>
        <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-zinc-400" aria-hidden="true">
          <path d="M6 8l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </MenuButton>
      <MenuItems className="absolute start-0 z-50 mt-2 w-64 rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl focus:outline-none">
        <MenuItem>
          <button
            type="button"
            className={`${item} data-focus:bg-zinc-800`}
            onClick={() => current !== null && workspaceStore.switchTo(null)}
          >
            {t('workspace.personal')}
            {current === null ? <Check /> : null}
          </button>
        </MenuItem>
        {teams.data?.length ? (
          <MenuSection>
            <MenuHeading className="px-3 pb-1 pt-2 text-xs font-semibold text-zinc-500">
              {t('workspace.teams')}
            </MenuHeading>
            {teams.data.map((team) => (
              <MenuItem key={team.id}>
                <button
                  type="button"
                  className={`${item} data-focus:bg-zinc-800`}
                  onClick={() => current !== team.id && workspaceStore.switchTo(team.id)}
                >
                  <span className="truncate" dir="auto">
                    {team.name}
                  </span>
                  {current === team.id ? <Check /> : null}
                </button>
              </MenuItem>
            ))}
          </MenuSection>
        ) : null}
        {teams.isError ? <p className="px-3 py-2 text-xs text-red-400">{t('workspace.loadFailed')}</p> : null}
      </MenuItems>
    </Menu>
  );
}

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-brand-400" aria-hidden="true">
      <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

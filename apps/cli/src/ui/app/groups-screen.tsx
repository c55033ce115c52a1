import type { AssetGroup } from '@didban/core';
import { Box, Text } from 'ink';
import type { Translate } from '../../i18n/translate.js';
import { clampCursor, fit, visibleWindow } from './list-window.js';
import { FRAME_LINES, ScreenFrame } from './screen-frame.js';
import type { UiData, UiTarget } from './ui-data.js';
import { useKeys } from './use-keys.js';
import { useLoad } from './use-load.js';
import { useTerminalSize } from './use-terminal-size.js';

export type ListNav = { page: number; cursor: number };

/** Screen 1: the workspace's asset groups, a page at a time. */
export function GroupsScreen(props: {
  data: UiData;
  t: Translate;
  nav: ListNav;
  setNav: (nav: ListNav) => void;
  notice?: string;
  onOpen: (group: AssetGroup) => void;
  onScan: (target: UiTarget) => void;
  onExport: (target: UiTarget) => void;
  onQuit: () => void;
}) {
  const { data, t, nav, setNav } = props;
  const { columns, rows } = useTerminalSize();
  const load = useLoad(`groups:${nav.page}`, () => data.groups(nav.page));
  const list = load.data;
  const groups = list?.results ?? [];
  const current = groups[clampCursor(nav.cursor, groups.length)];

  useKeys((input, key) => {
    if (input === 'q' || key.escape) return props.onQuit();
    if (key.downArrow) return setNav({ ...nav, cursor: clampCursor(nav.cursor + 1, groups.length) });
    if (key.upArrow) return setNav({ ...nav, cursor: clampCursor(nav.cursor - 1, groups.length) });
    if ((key.rightArrow || key.pageDown) && list?.next_page)
      return setNav({ page: list.next_page, cursor: 0 });
    if ((key.leftArrow || key.pageUp) && nav.page > 1) return setNav({ page: nav.page - 1, cursor: 0 });
    if (!current) return;
    if (key.return) return props.onOpen(current);
    if (input === 's') return props.onScan({ kind: 'group', group: current });
    if (input === 'e') return props.onExport({ kind: 'group', group: current });
  });

  const height = rows - FRAME_LINES - 1;
  const { start, end } = visibleWindow(groups.length, nav.cursor, height);
  const nameWidth = Math.max(10, Math.floor((columns - 30) / 2));
  return (
    <ScreenFrame
      title={t('ui.groups_title', { count: list?.result_count ?? '…' })}
      keys={t('ui.keys_groups')}
      notice={props.notice}
      error={load.error ? data.errorLine(load.error) : undefined}
    >
      {load.loading && !list ? <Text>{t('ui.loading')}</Text> : null}
      {list && groups.length === 0 ? <Text>{t('ui.no_groups')}</Text> : null}
      <Box flexDirection="column">
        {groups.slice(start, end).map((g, i) => {
          const selected = start + i === nav.cursor;
          const line = `${selected ? '›' : ' '} ${fit(g.name, nameWidth)} ${fit(String(g.asset_count), 7)} ${fit(g.status, 10)} ${g.roots.join(', ')}`;
          return (
            <Text key={g.id} inverse={selected} wrap="truncate-end">
              {line}
            </Text>
          );
        })}
      </Box>
      {list && list.total_pages > 1 ? (
        <Text dimColor>
          {t('list.page', { page: nav.page, pages: list.total_pages, count: list.result_count })}
        </Text>
      ) : null}
    </ScreenFrame>
  );
}

import type { Asset, AssetGroup } from '@didban/core';
import { Box, Text } from 'ink';
import type { Translate } from '../../i18n/translate.js';
import type { ListNav } from './groups-screen.js';
import { clampCursor, fit, visibleWindow } from './list-window.js';
import { FRAME_LINES, ScreenFrame } from './screen-frame.js';
import type { UiData, UiTarget } from './ui-data.js';
import { useKeys } from './use-keys.js';
import { useLoad } from './use-load.js';
import { useTerminalSize } from './use-terminal-size.js';

/** The picked assets, kept across pages (by id, with the row for names and exports). */
export type Selection = ReadonlyMap<string, Asset>;

/**
 * Screen 2: a group's assets, a page at a time. Space picks an asset, `a` the whole page; `s`
 * and `e` act on the picked assets, or on the whole group when none is picked.
 */
export function AssetsScreen(props: {
  data: UiData;
  t: Translate;
  group: AssetGroup;
  nav: ListNav;
  setNav: (nav: ListNav) => void;
  selection: Selection;
  setSelection: (selection: Selection) => void;
  notice?: string;
  onScan: (target: UiTarget) => void;
  onExport: (target: UiTarget) => void;
  onBack: () => void;
}) {
  const { data, t, group, nav, setNav, selection, setSelection } = props;
  const { columns, rows } = useTerminalSize();
  const load = useLoad(`assets:${group.id}:${nav.page}`, () => data.assets(group.id, nav.page));
  const list = load.data;
  const assets = list?.results ?? [];
  const current = assets[clampCursor(nav.cursor, assets.length)];
  const target = (): UiTarget =>
    selection.size ? { kind: 'assets', group, assets: [...selection.values()] } : { kind: 'group', group };

  const toggle = (picked: Asset[]) => {
    const next = new Map(selection);
    const allPicked = picked.every((a) => next.has(a.id));
    for (const a of picked) {
      if (allPicked) next.delete(a.id);
      else next.set(a.id, a);
    }
    setSelection(next);
  };

  useKeys((input, key) => {
    if (input === 'q' || key.escape) return props.onBack();
    if (key.downArrow) return setNav({ ...nav, cursor: clampCursor(nav.cursor + 1, assets.length) });
    if (key.upArrow) return setNav({ ...nav, cursor: clampCursor(nav.cursor - 1, assets.length) });
    if ((key.rightArrow || key.pageDown) && list?.next_page)
      return setNav({ page: list.next_page, cursor: 0 });
    if ((key.leftArrow || key.pageUp) && nav.page > 1) return setNav({ page: nav.page - 1, cursor: 0 });
    if (input === ' ' && current) return toggle([current]);
    if (input === 'a' && assets.length) return toggle(assets);
    if (input === 's') return props.onScan(target());
    if (input === 'e') return props.onExport(target());
  });

  const height = rows - FRAME_LINES - 1;
  const { start, end } = visibleWindow(assets.length, nav.cursor, height);
  const hostWidth = Math.max(16, Math.floor(columns * 0.4));
  return (
    <ScreenFrame
      title={t('ui.assets_title', {
        name: group.name,
        count: list?.result_count ?? '…',
        page: nav.page,
        pages: Math.max(1, list?.total_pages ?? 1),
        selected: selection.size,
      })}
      keys={t('ui.keys_assets')}
      notice={props.notice}
      error={load.error ? data.errorLine(load.error) : undefined}
    >
      {load.loading && !list ? <Text>{t('ui.loading')}</Text> : null}
      {list && assets.length === 0 ? <Text>{t('ui.no_assets')}</Text> : null}
      <Box flexDirection="column">
        {assets.slice(start, end).map((a, i) => {
          const atCursor = start + i === nav.cursor;
          const mark = selection.has(a.id) ? '[x]' : '[ ]';
          const line = `${atCursor ? '›' : ' '} ${mark} ${fit(`${a.host}:${a.port}`, hostWidth)} ${fit(a.status, 5)} ${a.title ?? ''}`;
          return (
            <Text key={a.id} inverse={atCursor} wrap="truncate-end">
              {line}
            </Text>
          );
        })}
      </Box>
    </ScreenFrame>
  );
}

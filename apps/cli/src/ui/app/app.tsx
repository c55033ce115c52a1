import type { AssetGroup, Lang } from '@didban/core';
import { useApp } from 'ink';
import { useState } from 'react';
import type { Translate } from '../../i18n/translate.js';
import { AssetsScreen, type Selection } from './assets-screen.js';
import { ExportForm } from './export-form.js';
import { GroupsScreen, type ListNav } from './groups-screen.js';
import { ScanForm } from './scan-form.js';
import { ScanProgressScreen } from './scan-progress-screen.js';
import type { StartedScan, UiData, UiTarget } from './ui-data.js';
import { KeysProvider } from './use-keys.js';

/** Where the user is; forms and progress remember the list they came from. */
type Screen =
  | { name: 'groups' }
  | { name: 'assets'; group: AssetGroup }
  | { name: 'scan'; target: UiTarget; back: Screen }
  | { name: 'export'; target: UiTarget; back: Screen }
  | { name: 'progress'; started: StartedScan; back: Screen };

/**
 * `didban ui`: groups → a group's assets → pick some → scan (tags prompt) and follow it, or
 * export. q/Esc goes back one screen and quits from the groups list. Each list keeps its page,
 * cursor and selection while the user is in a form or following a scan.
 */
export function UiApp(props: { data: UiData; t: Translate; lang: Lang }) {
  return (
    <KeysProvider>
      <Screens {...props} />
    </KeysProvider>
  );
}

function Screens({ data, t, lang }: { data: UiData; t: Translate; lang: Lang }) {
  const { exit } = useApp();
  const [screen, setScreen] = useState<Screen>({ name: 'groups' });
  const [groupsNav, setGroupsNav] = useState<ListNav>({ page: 1, cursor: 0 });
  const [assetsNav, setAssetsNav] = useState<ListNav>({ page: 1, cursor: 0 });
  const [selection, setSelection] = useState<Selection>(new Map());
  const [notice, setNotice] = useState<string>();

  const go = (next: Screen) => {
    setNotice(undefined);
    setScreen(next);
  };
  const scan = (target: UiTarget) => go({ name: 'scan', target, back: screen });
  const exportTo = (target: UiTarget) => go({ name: 'export', target, back: screen });

  switch (screen.name) {
    case 'groups':
      return (
        <GroupsScreen
          data={data}
          t={t}
          nav={groupsNav}
          setNav={setGroupsNav}
          notice={notice}
          onOpen={(group) => {
            setAssetsNav({ page: 1, cursor: 0 });
            setSelection(new Map());
            go({ name: 'assets', group });
          }}
          onScan={scan}
          onExport={exportTo}
          onQuit={() => exit()}
        />
      );
    case 'assets':
      return (
        <AssetsScreen
          data={data}
          t={t}
          group={screen.group}
          nav={assetsNav}
          setNav={setAssetsNav}
          selection={selection}
          setSelection={setSelection}
          notice={notice}
          onScan={scan}
          onExport={exportTo}
          onBack={() => go({ name: 'groups' })}
        />
      );
    case 'scan':
      return (
        <ScanForm
          data={data}
          t={t}
          lang={lang}
          target={screen.target}
          onStarted={(started) => go({ name: 'progress', started, back: screen.back })}
          onBack={() => go(screen.back)}
        />
      );
    case 'export':
      return (
        <ExportForm
          data={data}
          t={t}
          target={screen.target}
          onDone={(line) => {
            setScreen(screen.back);
            setNotice(line);
          }}
          onBack={() => go(screen.back)}
        />
      );
    case 'progress':
      return <ScanProgressScreen data={data} t={t} started={screen.started} onBack={() => go(screen.back)} />;
  }
}

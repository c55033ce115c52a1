import { Box, Text } from 'ink';
import { useState } from 'react';
import type { Translate } from '../../i18n/translate.js';
import { ScreenFrame } from './screen-frame.js';
import { targetLabel } from './target-label.js';
import { TextField } from './text-field.js';
import type { UiData, UiTarget } from './ui-data.js';
import { useKeys } from './use-keys.js';

/** `assets-shop.csv`: a file name from the group name, safe on every file system. */
export function defaultExportFile(target: UiTarget, format: 'csv' | 'json'): string {
  const slug = target.group.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'group';
  return `assets-${slug}${target.kind === 'assets' ? '-selection' : ''}.${format}`;
}

/** Export the selection or the group: Tab switches csv/json, the file name can be edited. */
export function ExportForm(props: {
  data: UiData;
  t: Translate;
  target: UiTarget;
  onDone: (notice: string) => void;
  onBack: () => void;
}) {
  const { data, t, target } = props;
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [file, setFile] = useState(() => defaultExportFile(target, 'csv'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useKeys((_input, key) => {
    if (busy) return;
    if (key.escape) return props.onBack();
    if (key.tab) {
      const next = format === 'csv' ? 'json' : 'csv';
      setFormat(next);
      // Follow the format only while the name still has the other one's extension.
      setFile((f) => f.replace(new RegExp(`\\.${format}$`), `.${next}`));
      return;
    }
    if (!key.return || !file.trim()) return;
    setBusy(true);
    setError(undefined);
    data.exportAssets(target, format, file.trim()).then(props.onDone, (e: unknown) => {
      setBusy(false);
      setError(data.errorLine(e));
    });
  });

  return (
    <ScreenFrame
      title={t('ui.export_title', { target: targetLabel(target, t) })}
      keys={t('ui.keys_form')}
      error={error}
    >
      <Box flexDirection="column">
        <Text>{t('ui.export_format', { format })}</Text>
        <TextField label={t('ui.export_file')} value={file} onChange={setFile} active={!busy} />
        {busy ? <Text>{t('ui.working')}</Text> : null}
      </Box>
    </ScreenFrame>
  );
}

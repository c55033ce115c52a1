import { type Lang, validateBulkScanForm } from '@didban/core';
import { Box, Text } from 'ink';
import { useState } from 'react';
import type { Translate } from '../../i18n/translate.js';
import { ScreenFrame } from './screen-frame.js';
import { targetLabel } from './target-label.js';
import { TextField } from './text-field.js';
import type { StartedScan, UiData, UiTarget } from './ui-data.js';
import { useKeys } from './use-keys.js';

/** Asks for template tags, then starts the bulk scan with the §5 prefilled name. */
export function ScanForm(props: {
  data: UiData;
  t: Translate;
  lang: Lang;
  target: UiTarget;
  onStarted: (started: StartedScan) => void;
  onBack: () => void;
}) {
  const { data, t, target } = props;
  const [name] = useState(() => data.scanName(target));
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useKeys((_input, key) => {
    if (busy) return;
    if (key.escape) return props.onBack();
    if (!key.return) return;
    const list = tags
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const invalid = Object.values(validateBulkScanForm({ name, templateIds: [], templateTags: list }));
    if (invalid.length) return setError(invalid.map((m) => m[props.lang]).join(' '));
    setBusy(true);
    setError(undefined);
    data.startScan(target, name, list).then(props.onStarted, (e: unknown) => {
      setBusy(false);
      setError(data.errorLine(e));
    });
  });

  return (
    <ScreenFrame
      title={t('ui.scan_title', { target: targetLabel(target, t) })}
      keys={t('ui.keys_scan_form')}
      error={error}
    >
      <Box flexDirection="column">
        <Text wrap="truncate-end">{t('ui.scan_name', { name })}</Text>
        <TextField label={t('ui.scan_tags')} value={tags} onChange={setTags} active={!busy} />
        {busy ? <Text>{t('ui.working')}</Text> : null}
      </Box>
    </ScreenFrame>
  );
}

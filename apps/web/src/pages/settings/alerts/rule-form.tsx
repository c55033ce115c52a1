import {
  ALERT_DIGESTS,
  ALERT_SEVERITIES,
  ALERT_TRIGGERS,
  type AlertChannel,
  type AlertTrigger,
  type Lang,
} from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfinitePicker } from '../../../components/scans/infinite-picker';
import { useScanRunStrings } from '../../../components/scans/run-strings';
import { Button } from '../../../components/ui/button';
import { NumberField } from '../../../components/ui/number-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type PickerItem, useAssetGroupPicker } from '../../../hooks/use-scan-pickers';
import { errorText } from '../../../lib/error-text';
import { serverFieldErrors } from '../../../lib/field-errors';
import { alertText } from './alerts-text';
import { useAlertMutations } from './use-alerts';

/** The form's parts and the body paths the server names them by in its per-field messages. */
const SERVER_FIELDS = {
  name: 'name',
  triggers: 'triggers',
  groups: 'asset_group_ids',
  channels: 'channel_ids',
  minSeverity: 'min_severity',
  throttle: 'throttle_seconds',
  digest: 'digest',
} as const;

/** A group of checkboxes' message, as a text field shows its own. */
function GroupError({ messages }: { messages: string[] | undefined }) {
  return messages?.length ? (
    <p role="alert" className="mt-1.5 text-xs text-red-400" data-field-error>
      {messages[0]}
    </p>
  ) : null;
}

/** Add a rule: triggers, asset groups (none: all), channels, severity floor, throttle and digest. */
export function RuleForm({ lang, channels }: { lang: Lang; channels: AlertChannel[] }) {
  const t = alertText(lang);
  // The group picker is the bulk scan modal's, with its strings (selected, remove, no results).
  useScanRunStrings();
  // Severity names are the template library's (the `templates` namespace every page loads).
  const { t: severityName } = useTranslation('templates');
  const [groups, setGroups] = useState<PickerItem[]>([]);
  // A new key after each rule added: the picker starts over with an empty search.
  const [pickerKey, setPickerKey] = useState(0);
  const { createRule } = useAlertMutations();
  const [name, setName] = useState('');
  const [triggers, setTriggers] = useState<AlertTrigger[]>([]);
  const [channelIds, setChannelIds] = useState<string[]>([]);
  const [minSeverity, setMinSeverity] = useState<(typeof ALERT_SEVERITIES)[number]>('low');
  const [throttle, setThrottle] = useState('0');
  const [digest, setDigest] = useState<(typeof ALERT_DIGESTS)[number]>('off');
  const refused = createRule.isError ? serverFieldErrors(createRule.error, SERVER_FIELDS) : null;
  const at = refused?.byField ?? {};
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    createRule.mutate(
      {
        name,
        triggers,
        asset_group_ids: groups.map((g) => g.id),
        channel_ids: channelIds,
        min_severity: minSeverity,
        throttle_seconds: Number(throttle) || 0,
        digest,
      },
      {
        onSuccess: () => {
          setName('');
          setTriggers([]);
          setGroups([]);
          setChannelIds([]);
          setPickerKey((k) => k + 1);
        },
      },
    );
  };
  return (
    // One column bounded by the card (minmax(0, 1fr)): a long group name in the picker is
    // truncated instead of widening the form past a phone's screen.
    <form
      onSubmit={submit}
      className="mt-4 grid grid-cols-1 gap-3 rounded-xl border border-zinc-800 p-4"
      data-testid="rule-form"
    >
      <TextField
        label={t('name')}
        name="rule-name"
        value={name}
        errors={at.name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset>
        <legend className="text-sm font-medium text-zinc-300">{t('triggers')}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {ALERT_TRIGGERS.map((k) => (
            <label key={k} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={triggers.includes(k)}
                onChange={() => setTriggers(toggle(triggers, k))}
              />
              {t(`trigger.${k}`)}
            </label>
          ))}
        </div>
        <GroupError messages={at.triggers} />
      </fieldset>
      <InfinitePicker
        key={pickerKey}
        label={t('groups')}
        searchPlaceholder={t('groupSearch')}
        selected={groups}
        onChange={setGroups}
        usePages={useAssetGroupPicker}
        testId="rule-groups"
      />
      <GroupError messages={at.groups} />
      <fieldset>
        <legend className="text-sm font-medium text-zinc-300">{t('sendTo')}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {channels.map((c) => (
            <label key={c.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={channelIds.includes(c.id)}
                onChange={() => setChannelIds(toggle(channelIds, c.id))}
              />
              {c.name}
            </label>
          ))}
        </div>
        <GroupError messages={at.channels} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('minSeverity')}
          value={minSeverity}
          onChange={(e) => setMinSeverity(e.target.value as typeof minSeverity)}
        >
          {ALERT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {severityName(`severity.${s}`)}
            </option>
          ))}
        </SelectField>
        <NumberField
          label={t('throttle')}
          lang={lang}
          value={throttle}
          onChange={setThrottle}
          errors={at.throttle}
        />
        <SelectField
          label={t('digest')}
          value={digest}
          onChange={(e) => setDigest(e.target.value as typeof digest)}
        >
          {ALERT_DIGESTS.map((d) => (
            <option key={d} value={d}>
              {t(`digest.${d}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex items-end gap-3">
        <Button type="submit" disabled={createRule.isPending}>
          {t('addRule')}
        </Button>
        {createRule.isError ? (
          <p role="alert" className="text-sm text-red-300" data-testid="rule-form-error">
            {refused && Object.keys(refused.byField).length > 0
              ? [t('fieldsInvalid'), ...refused.unplaced].join(' ')
              : errorText(createRule.error, lang)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

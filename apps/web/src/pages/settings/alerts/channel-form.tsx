import { ALERT_CHANNEL_KINDS, type AlertChannelInput, type AlertChannelKind, type Lang } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { serverFieldErrors } from '../../../lib/field-errors';
import { alertText } from './alerts-text';
import { useAlertMutations } from './use-alerts';

const WEBHOOK_LIKE: readonly string[] = ['webhook', 'slack', 'discord', 'teams'];

/** The form's fields and the body paths the server names them by in its per-field messages. */
const SERVER_FIELDS = {
  name: 'name',
  url: 'secrets.url',
  signing: 'secrets.signing_secret',
  chatId: 'settings.chat_id',
  token: 'secrets.token',
  apiUrl: 'settings.api_url',
  recipients: 'settings.recipients',
  smtp: 'secrets.smtp_url',
  project: 'settings.project_key',
  account: 'settings.email',
  repo: 'settings.repo',
} as const;

/** Builds the channel body the API expects from the form's flat fields. */
function toInput(kind: AlertChannelKind, f: Record<string, string>, language: Lang): AlertChannelInput {
  const base = { name: f.name ?? '', language };
  const opt = (v: string | undefined) => (v ? v : undefined);
  switch (kind) {
    case 'webhook':
      return {
        ...base,
        kind,
        secrets: { url: f.url ?? '', ...(f.signing ? { signing_secret: f.signing } : {}) },
      };
    case 'slack':
    case 'discord':
    case 'teams':
      return { ...base, kind, secrets: { url: f.url ?? '' } };
    case 'telegram':
      return {
        ...base,
        kind,
        settings: { chat_id: f.chatId ?? '', ...(opt(f.apiUrl) ? { api_url: f.apiUrl } : {}) },
        secrets: { token: f.token ?? '' },
      };
    case 'email':
      return {
        ...base,
        kind,
        settings: {
          recipients: (f.recipients ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        },
        secrets: opt(f.smtp) ? { smtp_url: f.smtp } : {},
      };
    case 'jira':
      return {
        ...base,
        kind,
        settings: { api_url: f.apiUrl ?? '', project_key: f.project ?? '', email: f.account ?? '' },
        secrets: { token: f.token ?? '' },
      };
    case 'github':
      return {
        ...base,
        kind,
        settings: { repo: f.repo ?? '', ...(opt(f.apiUrl) ? { api_url: f.apiUrl } : {}) },
        secrets: { token: f.token ?? '' },
      };
  }
}

/** Add a channel: the fields shown follow the chosen type. */
export function ChannelForm({ lang }: { lang: Lang }) {
  const t = alertText(lang);
  const { createChannel } = useAlertMutations();
  const [kind, setKind] = useState<AlertChannelKind>('webhook');
  const [language, setLanguage] = useState<Lang>(lang);
  const [f, setF] = useState<Record<string, string>>({});
  // The server's reasons at their fields (cleared as the field is edited); others beside the button.
  const refused = createChannel.isError ? serverFieldErrors(createChannel.error, SERVER_FIELDS) : null;
  const [edited, setEdited] = useState<string[]>([]);
  const field = (key: keyof typeof SERVER_FIELDS, label: string, type = 'text', hint?: string) => (
    <TextField
      label={label}
      type={type}
      name={key}
      value={f[key] ?? ''}
      errors={edited.includes(key) ? undefined : refused?.byField[key]}
      {...(hint ? { hint } : {})}
      onChange={(e) => {
        setF((prev) => ({ ...prev, [key]: e.target.value }));
        setEdited((prev) => (prev.includes(key) ? prev : [...prev, key]));
      }}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setEdited([]);
    createChannel.mutate(toInput(kind, f, language), { onSuccess: () => setF({}) });
  };
  return (
    <form
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-xl border border-zinc-800 p-4 sm:grid-cols-2"
      data-testid="channel-form"
    >
      {field('name', t('name'))}
      <SelectField
        label={t('kind')}
        name="kind"
        value={kind}
        onChange={(e) => setKind(e.target.value as AlertChannelKind)}
      >
        {ALERT_CHANNEL_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('language')}
        name="language"
        value={language}
        onChange={(e) => setLanguage(e.target.value as Lang)}
      >
        <option value="fa">فارسی</option>
        <option value="en">English</option>
      </SelectField>
      {WEBHOOK_LIKE.includes(kind) ? field('url', t('url'), 'url') : null}
      {kind === 'webhook' ? field('signing', t('signing'), 'password') : null}
      {kind === 'telegram' ? field('chatId', t('chatId')) : null}
      {kind === 'telegram' || kind === 'jira' || kind === 'github'
        ? field('token', t('token'), 'password')
        : null}
      {kind === 'telegram' || kind === 'jira' || kind === 'github'
        ? field('apiUrl', t('apiUrl'), 'url')
        : null}
      {kind === 'email' ? field('recipients', t('recipients')) : null}
      {kind === 'email' ? field('smtp', t('smtp'), 'text', t('smtpHint')) : null}
      {kind === 'jira' ? field('project', t('project')) : null}
      {kind === 'jira' ? field('account', t('account'), 'email') : null}
      {kind === 'github' ? field('repo', t('repo')) : null}
      <div className="flex items-end gap-3 sm:col-span-2">
        <Button type="submit" disabled={createChannel.isPending}>
          {t('addChannel')}
        </Button>
        {createChannel.isError ? (
          <p role="alert" className="text-sm text-red-300" data-testid="channel-form-error">
            {refused && Object.keys(refused.byField).length > 0
              ? [t('fieldsInvalid'), ...refused.unplaced].join(' ')
              : errorText(createChannel.error, lang)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

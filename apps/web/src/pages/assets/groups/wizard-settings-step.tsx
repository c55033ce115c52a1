import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import type { GroupFormErrors, GroupFormState, PortSetting } from './group-form-state';
import { ScheduleFields } from './schedule-fields';

const PORT_SETTINGS: PortSetting[] = ['top-100', 'top-1000', 'custom'];

/** Wizard step 1: name, roots one per line, scope, ports, auto discovery and the schedule. */
export function WizardSettingsStep({
  form,
  errors,
  onChange,
}: {
  form: GroupFormState;
  errors: GroupFormErrors;
  onChange: (patch: Partial<GroupFormState>) => void;
}) {
  const { t } = useTranslation('assets');
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={t('wizard.name')}
        value={form.name}
        maxLength={200}
        errors={errors.name}
        onChange={(e) => onChange({ name: e.target.value })}
        autoFocus
      />
      <TextAreaField
        label={t('wizard.roots')}
        hint={t('wizard.rootsHint')}
        value={form.roots}
        errors={errors.roots}
        dir="ltr"
        spellCheck={false}
        placeholder={'example.com\n203.0.113.0/28'}
        onChange={(e) => onChange({ roots: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField
          label={t('wizard.scopeInclude')}
          hint={t('wizard.scopeHint')}
          value={form.scopeInclude}
          dir="ltr"
          spellCheck={false}
          placeholder="*.example.com"
          onChange={(e) => onChange({ scopeInclude: e.target.value })}
        />
        <TextAreaField
          label={t('wizard.scopeExclude')}
          hint={t('wizard.scopeHint')}
          value={form.scopeExclude}
          dir="ltr"
          spellCheck={false}
          placeholder="dev.example.com"
          onChange={(e) => onChange({ scopeExclude: e.target.value })}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-zinc-300">{t('wizard.ports')}</legend>
        <div className="flex flex-wrap gap-4">
          {PORT_SETTINGS.map((setting) => (
            <label key={setting} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="port-setting"
                value={setting}
                checked={form.portSetting === setting}
                onChange={() => onChange({ portSetting: setting })}
              />
              {t(`ports.${setting}`)}
            </label>
          ))}
        </div>
        {form.portSetting === 'custom' ? (
          <TextField
            label={t('wizard.customPorts')}
            hint={t('wizard.customPortsHint')}
            value={form.customPorts}
            errors={errors.customPorts}
            dir="ltr"
            placeholder="80,443,8080-8090"
            onChange={(e) => onChange({ customPorts: e.target.value })}
          />
        ) : null}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={form.autoDiscovery}
          onChange={(e) => onChange({ autoDiscovery: e.target.checked })}
        />
        <span>
          {t('wizard.autoDiscovery')}
          <span className="block text-xs text-zinc-500">{t('wizard.autoDiscoveryHint')}</span>
        </span>
      </label>
      <ScheduleFields form={form} errors={errors} onChange={onChange} />
    </div>
  );
}

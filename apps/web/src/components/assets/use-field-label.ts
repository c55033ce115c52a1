import { useTranslation } from 'react-i18next';

/** A changed field's name in the reader's language; a field the panel does not know stays as sent. */
export function useFieldLabel(): (field: string) => string {
  const { t, i18n } = useTranslation('assets');
  return (field) => {
    const key = `changedFields.${field}`;
    return i18n.exists(key, { ns: 'assets' }) ? t(key as 'changedFields.title') : field;
  };
}

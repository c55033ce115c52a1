import { type Lang, toLang } from '@didban/core';
import { useTranslation } from 'react-i18next';

/** The interface language as a core `Lang`. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return toLang(i18n.language);
}

import { toLang } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scansRunEn } from '../../i18n/locales/en/scans-run';
import { scansRunFa } from '../../i18n/locales/fa/scans-run';

/**
 * Adds the bulk scan modal's and the progress page's strings to the `scans` namespace on their
 * first render. They stay out of the language file every page loads first, so the sign-in bundle
 * keeps within its size budget. (Not at module load: the router may load a page's chunk before
 * i18next has been initialised.)
 */
export function useScanRunStrings(): void {
  const { i18n } = useTranslation();
  useState(() => {
    const lang = toLang(i18n.language);
    if (!i18n.exists('scans:bulk.start', { lng: lang }))
      i18n.addResourceBundle(lang, 'scans', lang === 'fa' ? scansRunFa : scansRunEn, true, false);
    return true;
  });
}

import { toLang } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { homeDashboardEn } from '../../i18n/locales/en/home-dashboard';
import { homeDashboardFa } from '../../i18n/locales/fa/home-dashboard';

/**
 * Adds the home dashboard's strings to the `home` namespace on its first render, so the language
 * file every page loads first stays smaller. (Not at module load: the router may load the home
 * chunk before i18next has been initialised.)
 */
export function useHomeDashboardStrings(): void {
  const { i18n } = useTranslation();
  useState(() => {
    const lang = toLang(i18n.language);
    if (!i18n.exists('home:stats.title', { lng: lang }))
      i18n.addResourceBundle(lang, 'home', lang === 'fa' ? homeDashboardFa : homeDashboardEn, true, false);
    return true;
  });
}

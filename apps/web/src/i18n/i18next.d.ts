import 'i18next';
import type { en } from './locales/en';
import type { enPanel } from './locales/en/panel';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shared';
    resources: typeof en & typeof enPanel;
  }
}

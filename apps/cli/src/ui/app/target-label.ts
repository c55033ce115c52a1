import type { Translate } from '../../i18n/translate.js';
import type { UiTarget } from './ui-data.js';

export const targetLabel = (target: UiTarget, t: Translate) =>
  target.kind === 'group'
    ? t('ui.target_group', { name: target.group.name })
    : t('ui.target_selection', { count: target.assets.length });

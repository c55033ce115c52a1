import type { TeamRole } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/status-badge';

const TONE = { owner: 'info', admin: 'warning', user: 'neutral' } as const;

export function RoleBadge({ role }: { role: TeamRole }) {
  const { t } = useTranslation('settings');
  return <Badge tone={TONE[role]}>{t(`teams.roles.${role}`)}</Badge>;
}

import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/status-badge';
import { severityTone } from '../../lib/status-tone';

export function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useTranslation('templates');
  const known = ['critical', 'high', 'medium', 'low', 'info', 'unknown'].includes(severity);
  return (
    <Badge tone={severityTone(severity)}>{known ? t(`severity.${severity as 'info'}`) : severity}</Badge>
  );
}

import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/status-badge';
import type { Tone } from '../../lib/status-tone';

const TONES: Record<string, Tone> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'info',
  info: 'neutral',
  unknown: 'neutral',
};

export function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useTranslation('templates');
  const known = severity in TONES;
  return (
    <Badge tone={TONES[severity] ?? 'neutral'}>
      {known ? t(`severity.${severity as 'info'}`) : severity}
    </Badge>
  );
}

import type { ScanListStatus, Severity, VulnerabilityStatus } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/status-badge';
import { SCAN_STATUS_TONES, SEVERITY_CLASS, VULN_STATUS_TONES } from './scan-tones';

export function ScanStatusBadge({ status }: { status: ScanListStatus }) {
  const { t } = useTranslation('scans');
  return (
    <span data-testid="scan-status" data-status={status}>
      <Badge tone={SCAN_STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}

export function VulnStatusBadge({ status }: { status: VulnerabilityStatus }) {
  const { t } = useTranslation('scans');
  return (
    <span data-testid="vuln-status" data-status={status}>
      <Badge tone={VULN_STATUS_TONES[status]}>{t(`vuln.status.${status}`)}</Badge>
    </span>
  );
}

export function SeverityChip({ severity }: { severity: Severity }) {
  const { t } = useTranslation('scans');
  return (
    <span
      data-severity={severity}
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${SEVERITY_CLASS[severity]}`}
    >
      {t(`severity.${severity}`)}
    </span>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ListState } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/query-state';
import { api } from '../../../lib/api';
import { scanPath } from '../../../routes/paths';

/**
 * /vulnerabilities/{vulnId}: the address an alert's Jira or GitHub issue links to. It opens the
 * finding where the panel shows it, the scan run that last saw it with its drawer open
 * (`/scans/{scanId}?history=…&vuln=…`), so the link keeps working wherever findings move.
 */
export function FindingLinkPage() {
  const { vulnId = '' } = useParams();
  const { t } = useTranslation('scans');
  const finding = useQuery({
    queryKey: ['finding-link', vulnId],
    queryFn: () => api.scans.vulnerabilityById(vulnId),
  });
  if (finding.data?.scan) {
    const query = new URLSearchParams({
      ...(finding.data.scan_history ? { history: finding.data.scan_history } : {}),
      vuln: finding.data.id,
    });
    return <Navigate replace to={`${scanPath(finding.data.scan)}?${query}`} />;
  }
  if (finding.isError || finding.data)
    return (
      <LoadFailed
        error={finding.error}
        retry={finding.refetch}
        retrying={finding.isFetching}
        failed={t('vuln.drawer.loadFailed')}
        notFound={t('vuln.drawer.loadFailed')}
      />
    );
  return <ListState kind="loading">{t('vuln.drawer.loading')}</ListState>;
}

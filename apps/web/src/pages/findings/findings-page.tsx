import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filtersFromSearch } from '../scans/detail/vuln-filters';
import { VulnerabilityDrawer } from '../scans/detail/vulnerability-drawer';
import { VulnerabilityList } from '../scans/detail/vulnerability-list';

/**
 * /findings: every finding of the workspace across its scans, with the run list's filters, bulk
 * triage, export and drawer. The home page's SLA counts open it filtered (`?overdue=1`,
 * `?due_within=7`, `?assignee=me`); the open finding lives in the address (`?vuln=…`).
 */
export function FindingsPage() {
  const { t } = useTranslation('scans');
  const [params, setParams] = useSearchParams();
  // The address's filters are read once, when the page opens; the list keeps them after that.
  const [initial] = useState(() => filtersFromSearch(params));
  const vulnId = params.get('vuln');
  const setVuln = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        id === null ? next.delete('vuln') : next.set('vuln', id);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('findingsPage.title')}</h1>
        <p className="text-sm text-zinc-400">{t('findingsPage.intro')}</p>
      </header>
      <VulnerabilityList source={{ kind: 'workspace' }} initialFilters={() => initial} onOpen={setVuln} />
      <VulnerabilityDrawer scanId="" historyId={null} vulnId={vulnId} onClose={() => setVuln(null)} />
    </div>
  );
}

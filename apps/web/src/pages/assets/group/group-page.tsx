import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ReportButton } from '../../../components/reports/report-button';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { assetLoadingPath, PATHS } from '../../../routes/paths';
import { GroupStatusBadge, isDiscovering } from '../groups/group-status';
import { GroupWizard } from '../groups/group-wizard';
import { ScanLauncher, type ScanTarget } from '../groups/scan-launcher';
import {
  useAssetGroup,
  useCancelDiscovery,
  useDeleteAssetGroups,
  useEnumeration,
  useRediscover,
} from '../groups/use-asset-groups';
import { InventoryView } from '../inventory/inventory-view';
import { EmptyDiscoveryNotice } from './empty-discovery-notice';
import { EnumerationHistoryList } from './enumeration-history';
import { GroupDetails } from './group-details';
import { OverLimitNotice } from './over-limit-notice';

/** /assets/{groupId} (spec §2): the group's settings, status, discovery history and inventory. */
export function GroupPage() {
  const { groupId = '' } = useParams();
  const { t } = useTranslation(['assets', 'shared']);
  const navigate = useNavigate();
  const group = useAssetGroup(groupId);
  const running = isDiscovering(group.data?.status ?? '');
  const enumeration = useEnumeration(groupId, running);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [scanTarget, setScanTarget] = useState<ScanTarget | null>(null);
  const rediscover = useRediscover((id) => navigate(assetLoadingPath(id)));
  const cancel = useCancelDiscovery();
  const remove = useDeleteAssetGroups(() => navigate(PATHS.assetGroups, { replace: true }));

  if (!group.data) {
    return <QueryState query={group} notFound={t('group.notFound')} failed={t('shared:loadFailed')} />;
  }
  const g = group.data;
  return (
    <div className="flex flex-col gap-6">
      <nav className="text-sm text-zinc-400">
        <Link to={PATHS.assetGroups} className="hover:underline">
          {t('tabs.groups')}
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="group-name">
          {g.name}
        </h1>
        <GroupStatusBadge status={g.status} />
        <div className="ms-auto flex flex-wrap gap-2">
          <Button
            onClick={() =>
              setScanTarget({
                kind: 'groups',
                groups: [{ id: g.id, name: g.name, workerGroup: g.worker_group }],
              })
            }
          >
            {t('groups.action.scan')}
          </Button>
          {running ? (
            <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(g.id)}>
              {t('groups.action.cancel')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={rediscover.isPending}
              onClick={() => rediscover.mutate(g.id)}
            >
              {t('groups.action.rediscover')}
            </Button>
          )}
          <ReportButton scope={{ kind: 'group', groupId: g.id, label: g.name }} />
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('groups.action.edit')}
          </Button>
          <Button variant="ghost" className="text-red-300" onClick={() => setDeleting(true)}>
            {t('groups.action.delete')}
          </Button>
        </div>
      </header>
      <EmptyDiscoveryNotice assetCount={g.asset_count} latest={enumeration.data?.history[0]} />
      <OverLimitNotice latest={enumeration.data?.history[0]} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <h2 className="mb-4 text-base font-semibold">{t('group.settings')}</h2>
          <GroupDetails group={g} />
        </Card>
        <Card>
          <h2 className="mb-4 text-base font-semibold">{t('group.history')}</h2>
          {enumeration.data ? (
            <EnumerationHistoryList history={enumeration.data.history} />
          ) : (
            <QueryState query={enumeration} />
          )}
        </Card>
      </div>
      <section aria-label={t('tabs.inventory')}>
        <InventoryView groupId={g.id} />
      </section>
      <GroupWizard open={editing} group={g} onClose={() => setEditing(false)} onSaved={() => {}} />
      <ConfirmDialog
        open={deleting}
        title={t('groups.deleteTitle')}
        body={t('groups.deleteBody', { name: g.name })}
        confirmLabel={t('groups.action.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate([g.id])}
        onClose={() => setDeleting(false)}
      />
      <ScanLauncher target={scanTarget} onClose={() => setScanTarget(null)} onStarted={() => {}} />
    </div>
  );
}

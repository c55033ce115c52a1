import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { assetGroupPath, PATHS } from '../../../routes/paths';
import { GroupStatusBadge } from '../groups/group-status';
import { GROUP_KEYS, useAssetGroup, useCancelDiscovery } from '../groups/use-asset-groups';
import { isDiscoveryOver, useDiscoveryFollow } from './use-discovery-follow';

/** How long the "finished" message stays before the group opens. */
const OPEN_DELAY_MS = 2_000;

/**
 * /assets/{groupId}/loading (spec §2): follows the group's discovery, shows what it has found so
 * far, then opens the group when it finishes.
 */
export function LoadingPage() {
  const { groupId = '' } = useParams();
  const { t } = useTranslation(['assets', 'shared']);
  const lang = useLang();
  const navigate = useNavigate();
  const snapshot = useDiscoveryFollow(groupId);
  const cancel = useCancelDiscovery();
  const queryClient = useQueryClient();
  const group = useAssetGroup(groupId);
  const status = snapshot.data?.status;
  const over = status ? isDiscoveryOver(status) : false;

  // What the group, its history and the inventory showed while discovery ran is out of date now.
  useEffect(() => {
    if (status && isDiscoveryOver(status)) void queryClient.invalidateQueries({ queryKey: GROUP_KEYS.root });
  }, [status, queryClient]);

  useEffect(() => {
    if (status !== 'finished') return;
    const timer = setTimeout(() => navigate(assetGroupPath(groupId), { replace: true }), OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, groupId, navigate]);

  if (!snapshot.data && snapshot.error?.status === 404) {
    return (
      <Card className="mx-auto max-w-xl">
        <p role="alert" className="text-sm text-red-300">
          {t('loading.notFound')}
        </p>
        <Link to={PATHS.assetGroups} className="mt-4 inline-block text-sm text-brand-300 hover:underline">
          {t('loading.backToGroups')}
        </Link>
      </Card>
    );
  }

  const data = snapshot.data;
  return (
    <section data-testid="discovery-progress">
      <Card className="mx-auto flex max-w-xl flex-col gap-5">
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-semibold">{t('loading.title')}</h1>
          {status ? <GroupStatusBadge status={status} /> : null}
        </div>
        {group.data ? (
          <p className="-mt-3 text-sm text-zinc-400" data-testid="discovery-group">
            {group.data.name}
          </p>
        ) : null}
        <p className="text-sm text-zinc-300" aria-live="polite" data-testid="discovery-message">
          {!data
            ? t('shared:loading')
            : status === 'finished'
              ? t('loading.finished')
              : status === 'failed'
                ? t('loading.failed')
                : status === 'cancelled'
                  ? t('loading.cancelled')
                  : t('loading.running')}
        </p>
        <div
          className="h-2 overflow-hidden rounded-full bg-zinc-800"
          role="progressbar"
          aria-label={t('loading.title')}
          aria-busy={!over}
        >
          <div
            className={`h-full rounded-full ${
              status === 'failed' || status === 'cancelled'
                ? 'w-full bg-red-500/60'
                : over
                  ? 'w-full bg-emerald-500'
                  : 'w-1/3 animate-pulse bg-brand-500'
            }`}
          />
        </div>
        {data ? (
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-zinc-400">{t('loading.found')}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="discovery-found">
                {formatNumber(data.asset_count, lang)}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-400">{t('loading.newAssets')}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(data.new_assets, lang)}</dd>
            </div>
          </dl>
        ) : null}
        {snapshot.error && data ? <p className="text-xs text-amber-300">{t('loading.retrying')}</p> : null}
        <div className="flex flex-wrap gap-2">
          {data && !over ? (
            <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(groupId)}>
              {t('groups.action.cancel')}
            </Button>
          ) : null}
          <Link
            to={assetGroupPath(groupId)}
            className="ms-auto self-center text-sm text-brand-300 hover:underline"
          >
            {t('loading.openGroup')}
          </Link>
        </div>
      </Card>
    </section>
  );
}

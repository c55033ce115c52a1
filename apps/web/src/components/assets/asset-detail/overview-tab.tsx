import { type Asset, type AssetDetail, parseCnames } from '@didban/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { TimeAgo } from '../../ui/time-ago';
import { HttpResponse } from './http-response';
import { useAssetGroup } from './use-asset-detail';

/**
 * Spec §2 Overview: port, group, enumeration history, CNAME, content length, content type, server,
 * scanned count, created, updated, last seen, and the HTTP response block (the real one discovery
 * recorded).
 */
export function OverviewTab({
  asset,
  detail,
  loading,
}: {
  asset: Asset;
  detail: AssetDetail | null;
  loading: boolean;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const { group, history, loading: groupLoading } = useAssetGroup(asset.group);
  const run = history.find((h) => h.id === asset.enumeration_history);
  const none = t('assetDetail.fields.none');
  const cnames = parseCnames(asset.cname);
  // The discovery run that found it, by its date; '…' while the group's runs load; a run the
  // group no longer lists by its id, kept apart as data (never a bare id in Persian text).
  const runTime = run ? (run.completed_at ?? run.started_at) : null;
  const historyValue: ReactNode = runTime ? (
    formatDateTime(runTime, lang)
  ) : groupLoading ? (
    '…'
  ) : asset.enumeration_history ? (
    <span key="history" dir="ltr" className="font-mono text-xs">
      {asset.enumeration_history}
    </span>
  ) : (
    none
  );
  // A header value discovery recorded (the response's Content-Type, Server), as written.
  const headerValue = (key: string, value: string | null | undefined): ReactNode =>
    value ? (
      <span key={key} dir="ltr">
        {value}
      </span>
    ) : loading && !detail ? (
      '…'
    ) : (
      none
    );
  const rows: [string, string, ReactNode][] = [
    [
      'port',
      t('assetDetail.fields.port'),
      <span key="port" dir="ltr">
        {asset.port}
      </span>,
    ],
    [
      'group',
      t('assetDetail.fields.group'),
      group ? (
        <span key="group" dir="auto">
          {group.name}
        </span>
      ) : groupLoading ? (
        '…'
      ) : (
        none
      ),
    ],
    ['enumeration-history', t('assetDetail.fields.enumerationHistory'), historyValue],
    [
      'cname',
      t('assetDetail.fields.cname'),
      cnames.length ? (
        <span key="cname" dir="ltr">
          {cnames.join(', ')}
        </span>
      ) : (
        none
      ),
    ],
    [
      'content-length',
      t('assetDetail.fields.contentLength'),
      asset.content_length === null ? none : formatNumber(asset.content_length, lang),
    ],
    ['content-type', t('assetDetail.fields.contentType'), headerValue('content-type', detail?.content_type)],
    ['server', t('assetDetail.fields.server'), headerValue('server', detail?.server)],
    ['scanned-count', t('assetDetail.fields.scannedCount'), formatNumber(asset.scanned_count, lang)],
    ['created', t('assetDetail.fields.created'), formatDateTime(asset.created_at, lang)],
    ['updated', t('assetDetail.fields.updated'), formatDateTime(asset.updated_at, lang)],
    // When discovery last found it: ticks while the panel is open, the full date on hover.
    [
      'last-seen',
      t('assetDetail.fields.lastSeen'),
      detail ? <TimeAgo key="last-seen" time={detail.last_seen} /> : loading ? '…' : none,
    ],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex flex-col gap-0.5" data-testid={`overview-${key}`}>
            <dt className="text-xs text-zinc-500">{label}</dt>
            <dd className="break-all text-sm text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
      <HttpResponse asset={asset} detail={detail} loading={loading} />
    </div>
  );
}

import type { Asset } from '@didban/core';
import { Dialog, DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../ui/dialog-panel';
import { ChangelogTab } from './changelog-tab';
import { DetailHeader } from './detail-header';
import { EndpointsTab } from './endpoints-tab';
import { FindingsTab } from './findings-tab';
import { OverviewTab } from './overview-tab';
import { TechnologiesTab } from './technologies-tab';
import { useAssetDetail } from './use-asset-detail';

/**
 * Spec §2 asset detail: a right-side panel 55rem wide (the end side in Persian), opened by
 * clicking a card or row. The Dialog locks page scroll while it is open.
 */
export function AssetDetailPanel({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  return (
    <Dialog open={asset !== null} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-y-0 end-0 flex w-full max-w-[55rem]">
        <DialogPanel
          className="flex w-full flex-col overflow-y-auto border-s border-zinc-800 bg-zinc-950 shadow-2xl"
          data-testid="asset-detail"
        >
          {asset ? <DetailBody asset={asset} onClose={onClose} /> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

type DetailTab = 'overview' | 'vulnerabilities' | 'exposures' | 'technologies' | 'endpoints' | 'changelogs';

function DetailBody({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const detail = useAssetDetail(asset.id);
  // The list row shows at once; the detail (HTTP response, screenshot) fills in when it arrives.
  const shown = detail.data ?? asset;
  const tabs: { key: DetailTab; panel: ReactNode }[] = [
    {
      key: 'overview',
      panel: <OverviewTab asset={shown} detail={detail.data ?? null} loading={detail.isLoading} />,
    },
    { key: 'vulnerabilities', panel: <FindingsTab assetId={asset.id} group="vulnerabilities" /> },
    { key: 'exposures', panel: <FindingsTab assetId={asset.id} group="exposures" /> },
    // Spec §2: the Technologies tab is hidden when the asset has none.
    ...(shown.technologies.length
      ? [{ key: 'technologies' as const, panel: <TechnologiesTab technologies={shown.technologies} /> }]
      : []),
    // What discovery's crawl found (issue 30); a DAST scan fuzzes these.
    { key: 'endpoints', panel: <EndpointsTab assetId={asset.id} /> },
    { key: 'changelogs', panel: <ChangelogTab asset={shown} /> },
  ];
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-zinc-800 p-6">
        <DialogTitle className="sr-only">{t('assetDetail.label')}</DialogTitle>
        <DetailHeader asset={shown} screenshotUrl={detail.data?.screenshot_url ?? null} />
        <button
          type="button"
          onClick={onClose}
          aria-label={t('assetDetail.close')}
          className="rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
        >
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <TabGroup className="flex flex-1 flex-col">
        <TabList className="flex gap-1 overflow-x-auto relative border-b border-zinc-800 px-6">
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm text-zinc-400 hover:text-zinc-200 data-selected:border-brand-500 data-selected:text-white focus:outline-none data-focus:ring-2 data-focus:ring-brand-500"
            >
              {t(`assetDetail.tabs.${tab.key}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="flex-1 p-6">
          {tabs.map((tab) => (
            <TabPanel key={tab.key} data-testid={`detail-${tab.key}`}>
              {tab.panel}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}

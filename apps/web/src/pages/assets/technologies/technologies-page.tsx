import { type TechnologySummary, technologyCategoryName } from '@didban/core';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { TechnologyIcon } from '../../../components/assets/technology-icon';
import { ListState } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';
import { Badge } from '../../../components/ui/status-badge';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { ReadMore } from './read-more';
import { TechnologyAssets } from './technology-assets';
import { useTechnologies } from './use-technologies';

/** Only http(s) addresses become links: a site name comes from a fingerprint database, not from us. */
const safeWebsite = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** /assets/technologies (spec §2): every detected technology; opening one lists its assets. */
export function TechnologiesPage() {
  const { t } = useTranslation(['assets', 'shared']);
  const technologies = useTechnologies();
  if (!technologies.data) {
    return <QueryState query={technologies} />;
  }
  if (technologies.data.length === 0) return <ListState kind="empty">{t('technologies.empty')}</ListState>;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('tabs.technologies')}>
      {technologies.data.map((tech) => (
        <li key={tech.id}>
          <TechnologyItem tech={tech} />
        </li>
      ))}
    </ul>
  );
}

function TechnologyItem({ tech }: { tech: TechnologySummary }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const website = safeWebsite(tech.website);
  return (
    <Disclosure
      as="div"
      className="rounded-xl border border-zinc-800 bg-zinc-900/60"
      data-testid="technology"
    >
      <DisclosureButton className="group flex w-full items-center gap-3 px-4 py-3 text-start">
        <TechnologyIcon
          technology={{ version: null, platform: { name: tech.name, icon: tech.icon } }}
          size="size-8"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium" data-testid="technology-name" dir="auto">
              {tech.name}
            </span>
            {tech.versions.slice(0, 3).map((v) => (
              <Badge key={v} tone="info">
                <span dir="ltr">{v}</span>
              </Badge>
            ))}
            {tech.versions.length > 3 ? (
              <span className="text-xs text-zinc-400">+{tech.versions.length - 3}</span>
            ) : null}
          </span>
          <span className="mt-0.5 block truncate text-xs text-zinc-400" data-testid="technology-categories">
            {tech.categories.map((c) => technologyCategoryName(c.name, lang)).join(' · ')}
          </span>
        </span>
        <span className="shrink-0 text-xs text-zinc-400">
          {t('technologies.assetCount', { count: tech.asset_count, n: formatNumber(tech.asset_count, lang) })}
        </span>
        <svg
          viewBox="0 0 20 20"
          className="size-4 shrink-0 text-zinc-400 transition group-data-open:rotate-180"
          aria-hidden="true"
        >
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </DisclosureButton>
      <DisclosurePanel className="flex flex-col gap-3 border-t border-zinc-800 px-4 py-3">
        {tech.description_en ? <ReadMore text={tech.description_en} /> : null}
        {website ? (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="self-start text-sm text-brand-300 hover:underline"
          >
            {t('technologies.website')}
          </a>
        ) : null}
        <TechnologyAssets technologyId={tech.id} />
      </DisclosurePanel>
    </Disclosure>
  );
}

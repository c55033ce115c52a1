import { type AssetTechnology, technologyCategoryName } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { TechnologyIcon } from '../technology-icon';

/** The technologies detected on the asset, with version, categories, description and website. */
export function TechnologiesTab({ technologies }: { technologies: AssetTechnology[] }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  return (
    <ul className="flex flex-col gap-3">
      {technologies.map((tech) => (
        <li
          key={`${tech.id}-${tech.version ?? ''}`}
          className="flex gap-3 rounded-xl border border-zinc-800 p-3"
          data-testid="detail-technology"
        >
          <TechnologyIcon technology={tech} size="size-9" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium" dir="auto">
                {tech.platform.name}
              </span>
              {tech.version ? (
                <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-300" dir="ltr">
                  {t('assetDetail.technologies.version', { version: tech.version })}
                </span>
              ) : null}
              {tech.platform.categories.map((c) => (
                <span key={c.name} className="rounded-full bg-brand-600/15 px-2 text-xs text-brand-200">
                  {technologyCategoryName(c.name, lang)}
                </span>
              ))}
            </div>
            {tech.platform.description_en ? (
              <p className="text-sm text-zinc-400" dir="ltr">
                {tech.platform.description_en}
              </p>
            ) : null}
            {tech.platform.website ? (
              <a
                href={tech.platform.website}
                target="_blank"
                rel="noreferrer noopener"
                className="text-xs text-brand-300 hover:underline"
              >
                {t('assetDetail.technologies.website')}
              </a>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { AssetTechnology } from '@didban/core';
import { useState } from 'react';

/** Only real addresses are loaded; a bare icon-set file name has nowhere to come from. */
const loadable = (icon: string | null) => !!icon && /^(https?:\/\/|\/)/.test(icon);

/**
 * A technology's icon, or the default image (its initial on a tile) when there is none or it
 * fails to load (spec §8: broken technology icons fall back to a default image).
 */
export function TechnologyIcon({
  technology,
  size = 'size-6',
}: {
  technology: Pick<AssetTechnology, 'version'> & { platform: { name: string; icon: string | null } };
  size?: string;
}) {
  const [broken, setBroken] = useState(false);
  const { name, icon } = technology.platform;
  const label = technology.version ? `${name} ${technology.version}` : name;
  if (loadable(icon) && !broken) {
    return (
      <img
        src={icon!}
        alt={label}
        title={label}
        className={`${size} rounded bg-zinc-800 object-contain p-0.5`}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="technology-icon"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded bg-zinc-800 text-[0.65rem] font-semibold uppercase text-zinc-300 ring-1 ring-zinc-700`}
    >
      {name.slice(0, 2)}
    </span>
  );
}

import type { AssetTechnology } from '@didban/core';
import { useState } from 'react';
import { brandOf } from './technology-brands';

/** Only real addresses are loaded; a bare icon-set file name has nowhere to come from. */
const loadable = (icon: string | null) => !!icon && /^(https?:\/\/|\/)/.test(icon);

/**
 * A tile's letters: the initials of the name's words, camel-case humps included, so WordPress is
 * "WP" and WooCommerce "WC" rather than two "WO"s; a one-word name shows its first two letters.
 */
export function tileLetters(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words[1]![0]}`.toUpperCase();
  return (words[0] ?? name).slice(0, 2).toUpperCase();
}

/** A hue of its own per name, so two tiles that do share letters still look different. */
function tileHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** Dark brand colours (black marks) would vanish on the dark tile: draw those light. */
function readableFill(hex: string): string {
  const n = Number.parseInt(hex, 16);
  const luminance = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return luminance < 60 ? '#e4e4e7' : `#${hex}`;
}

/**
 * A technology's icon: its brand mark from the bundled icon set; else the icon address the server
 * gave; else (or when that fails to load, spec §8) a tile with its initials.
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
  const brand = brandOf(name);
  if (brand) {
    return (
      <span
        role="img"
        aria-label={label}
        title={label}
        data-testid="technology-icon"
        data-brand={brand.slug}
        className={`${size} inline-flex shrink-0 items-center justify-center rounded bg-zinc-800 p-1 ring-1 ring-zinc-700`}
      >
        <svg viewBox="0 0 24 24" className="size-full" aria-hidden="true">
          <path d={brand.path} fill={readableFill(brand.hex)} />
        </svg>
      </span>
    );
  }
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
      style={{ backgroundColor: `hsl(${tileHue(name)} 35% 22%)` }}
      className={`${size} inline-flex shrink-0 items-center justify-center rounded text-[0.65rem] font-semibold text-zinc-100 ring-1 ring-zinc-700`}
    >
      {tileLetters(name)}
    </span>
  );
}

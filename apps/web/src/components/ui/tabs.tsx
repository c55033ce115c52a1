import { Link, useSearchParams } from 'react-router';

export type TabItem<K extends string> = { key: K; label: string };

/**
 * Tabs kept in the address (`?tab=…`), so a notification can link straight to one (the
 * invitation notice opens `/settings/teams?tab=invitations`) and reloads keep the place.
 */
export function useTab<K extends string>(keys: readonly K[], fallback: K): K {
  const [params] = useSearchParams();
  const wanted = params.get('tab');
  return keys.includes(wanted as K) ? (wanted as K) : fallback;
}

export function TabBar<K extends string>({
  items,
  current,
  label,
}: {
  items: TabItem<K>[];
  current: K;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-b border-zinc-800">
      {items.map((item) => (
        <Link
          key={item.key}
          to={`?tab=${item.key}`}
          role="tab"
          aria-selected={item.key === current}
          replace
          className={`-mb-px border-b-2 px-4 py-2 text-sm ${
            item.key === current
              ? 'border-brand-500 text-white'
              : 'border-transparent text-zinc-400 hover:text-zinc-200'
          }`}
        >
          {item.label}
        </Link>
      ))}
    </div>
  );
}

import { TEMPLATE_SEVERITIES, type TemplateItem, type TemplateScope } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/ui/pagination';
import { LoadFailed } from '../../components/ui/query-state';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { SeverityBadge } from './severity-badge';
import { TagPicker } from './tag-picker';
import { useTemplateList } from './use-templates';

const PROTOCOLS = ['http', 'dns', 'tcp', 'ssl', 'workflows'] as const;
const selectClass =
  'block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-100';

/** My and public templates with filters (spec §2): severity, tags, protocol, search (300 ms). */
export function TemplateList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (item: TemplateItem) => void;
}) {
  const { t } = useTranslation('templates');
  const [scope, setScope] = useState<TemplateScope>('mine');
  const [severity, setSeverity] = useState('');
  const [protocol, setProtocol] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim());
  const list = useTemplateList({ scope, severity, protocol, tags, search: settledSearch }, page);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <section aria-label={t('listLabel')} className="flex flex-col gap-3">
      <div role="tablist" aria-label={t('listLabel')} className="flex gap-1 border-b border-zinc-800">
        {(['mine', 'public'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={scope === key}
            onClick={() => reset(setScope)(key)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${
              scope === key
                ? 'border-brand-500 text-white'
                : 'border-transparent text-zinc-400 hover:text-zinc-200'
            }`}
          >
            {t(key === 'mine' ? 'tabs.mine' : 'tabs.public')}
          </button>
        ))}
      </div>
      <input
        type="search"
        value={search}
        onChange={(e) => reset(setSearch)(e.target.value)}
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        className="block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-500"
      />
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-400">
          {t('filters.severity')}
          <select
            value={severity}
            onChange={(e) => reset(setSeverity)(e.target.value)}
            className={selectClass}
          >
            <option value="">{t('filters.any')}</option>
            {TEMPLATE_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`severity.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-400">
          {t('filters.protocol')}
          <select
            value={protocol}
            onChange={(e) => reset(setProtocol)(e.target.value)}
            className={selectClass}
          >
            <option value="">{t('filters.any')}</option>
            {PROTOCOLS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TagPicker selected={tags} onChange={reset(setTags)} />
      <ul
        className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800"
        data-testid="template-list"
      >
        {list.data?.results.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(item)}
              aria-current={item.id === selectedId ? 'true' : undefined}
              className={`flex w-full flex-col items-start gap-1 px-3 py-2 text-start ${
                item.id === selectedId ? 'bg-zinc-800' : 'hover:bg-zinc-900'
              }`}
            >
              <span className="flex w-full items-center justify-between gap-2">
                <span className="truncate text-sm font-medium text-zinc-100" dir="auto">
                  {item.name}
                </span>
                <SeverityBadge severity={item.severity} />
              </span>
              <span className="truncate text-xs text-zinc-500" dir="ltr">
                {item.template_id} · {item.protocol}
              </span>
              {!item.runnable ? <span className="text-xs text-amber-400">{t('notRunnable')}</span> : null}
            </button>
          </li>
        ))}
        {list.data && list.data.results.length === 0 ? (
          <li className="px-3 py-4 text-center text-sm text-zinc-500">
            {scope === 'mine' ? t('emptyMine') : t('noResults')}
          </li>
        ) : null}
        {list.isError ? (
          <li className="px-3 pb-4">
            <LoadFailed
              error={list.error}
              retry={list.refetch}
              retrying={list.isFetching}
              failed={t('loadFailed')}
            />
          </li>
        ) : null}
      </ul>
      {list.data && list.data.total_pages > 1 ? (
        <Pagination page={page} totalPages={list.data.total_pages} onChange={setPage} />
      ) : null}
    </section>
  );
}

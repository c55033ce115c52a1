import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { TagPicker } from '../src/pages/templates/tag-picker';

// 25 tags served 10 per page, as panel/template-tags/ does (spec §3, §9).
const ALL = Array.from({ length: 25 }, (_, i) => `tag-${String(i + 1).padStart(2, '0')}`);
const tags = vi.fn();
vi.mock('../src/lib/api', () => ({ api: { templates: { tags: (...args: unknown[]) => tags(...args) } } }));

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  tags.mockReset().mockImplementation(async ({ page = 1, pageSize = 10, search = '' }) => {
    const matching = ALL.filter((t) => t.includes(search));
    const results = matching.slice((page - 1) * pageSize, page * pageSize).map((t) => ({ id: t, name: t }));
    const total = Math.ceil(matching.length / pageSize);
    return {
      results,
      current_page: page,
      total_pages: total,
      result_count: matching.length,
      next_page: page < total ? page + 1 : null,
    };
  });
});

function setScroll(el: HTMLElement, { scrollHeight, clientHeight, scrollTop }: Record<string, number>) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(el, 'scrollTop', { configurable: true, value: scrollTop });
}

describe('the template tag picker', () => {
  it('shows 10 tags, loads the next 10 only within 50 px of the bottom, and lists what is picked', async () => {
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TagPicker selected={['tag-03']} onChange={onChange} />
      </QueryClientProvider>,
    );
    await screen.findByText('tag-10');
    const list = screen.getByTestId('tag-picker-list');
    expect(list.className).toContain('max-h-[200px]');
    expect(screen.queryByText('tag-11')).toBeNull();
    expect(tags).toHaveBeenLastCalledWith({ search: '', page: 1, pageSize: 10 });

    // 60 px from the bottom: not yet.
    setScroll(list, { scrollHeight: 400, clientHeight: 200, scrollTop: 140 });
    fireEvent.scroll(list);
    expect(tags).toHaveBeenCalledTimes(1);
    // 50 px from the bottom: the next page.
    setScroll(list, { scrollHeight: 400, clientHeight: 200, scrollTop: 150 });
    fireEvent.scroll(list);
    await screen.findByText('tag-20');
    expect(tags).toHaveBeenLastCalledWith({ search: '', page: 2, pageSize: 10 });

    // The picked tag is shown as removable; ticking another adds it.
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag tag-03' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(screen.getByLabelText('tag-05'));
    expect(onChange).toHaveBeenLastCalledWith(['tag-03', 'tag-05']);
  });

  it('searches after 300 ms of quiet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <TagPicker selected={[]} onChange={() => {}} />
        </QueryClientProvider>,
      );
      await screen.findByText('tag-01');
      fireEvent.change(screen.getByPlaceholderText('Search tags'), { target: { value: 'tag-2' } });
      await act(async () => {
        vi.advanceTimersByTime(250);
      });
      expect(tags).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'tag-2' }));
      await act(async () => {
        vi.advanceTimersByTime(100);
      });
      await waitFor(() => expect(tags).toHaveBeenCalledWith({ search: 'tag-2', page: 1, pageSize: 10 }));
      await screen.findByText('tag-25');
    } finally {
      vi.useRealTimers();
    }
  });
});

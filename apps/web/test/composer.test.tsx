import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../src/components/support/composer';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { snackbarStore } from '../src/lib/snackbar-store';

const send = vi.fn();
vi.mock('../src/lib/api', () => ({ api: { support: { send: (...args: unknown[]) => send(...args) } } }));

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  send.mockReset().mockResolvedValue({});
});

function renderComposer() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Composer ticketId="t1" />
    </QueryClientProvider>,
  );
  return {
    box: screen.getByLabelText('Message') as HTMLTextAreaElement,
    sendButton: screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement,
  };
}

describe('the ticket composer (spec §5)', () => {
  it('needs non-blank text; Enter sends the trimmed text, Shift+Enter does not', async () => {
    const { box, sendButton } = renderComposer();
    fireEvent.change(box, { target: { value: '   ' } });
    expect(sendButton.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: '  hello  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(send).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(send).toHaveBeenCalledWith('t1', { text: 'hello' });
  });

  it('a chosen file clears and disables the text box and is sent alone', async () => {
    const { box, sendButton } = renderComposer();
    fireEvent.change(box, { target: { value: 'goes away' } });
    const file = new File(['x'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
    expect(box.value).toBe('');
    expect(box.disabled).toBe(true);
    expect(screen.getByTestId('chosen-file').textContent).toBe('report.pdf');
    await act(async () => {
      fireEvent.click(sendButton);
    });
    expect(send).toHaveBeenCalledWith('t1', { file, fileName: 'report.pdf' });
  });
});

describe('the ticket composer with a large file', () => {
  it('refuses a file over 10 MB before sending it, in the words of the server', () => {
    const { box } = renderComposer();
    const big = new File(['x'], 'huge.zip');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [big] } });
    expect(box.disabled).toBe(false);
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    expect(snackbarStore.getSnapshot().map((s) => s.message)).toContain(
      'The attachment must be at most 10 MB.',
    );
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { authApi } from '../src/lib/auth-api';
import { SignInPage } from '../src/pages/auth/sign-in-page';

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n('en', en);
});

// The server's answer to GET auth/providers/ (a test that needs GitHub offered says so).
beforeEach(() => {
  vi.spyOn(authApi, 'providers').mockResolvedValue({ github: false });
});
afterEach(() => vi.restoreAllMocks());

function renderSignIn() {
  const router = createMemoryRouter([{ path: '/auth/sign-in', element: <SignInPage /> }], {
    initialEntries: ['/auth/sign-in'],
  });
  return render(<RouterProvider router={router} />);
}

describe('the sign-in page', () => {
  it('lists what is missing when the form is sent empty', async () => {
    renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Username is required',
      'Email is required',
      'Password is required',
    ]);
  });

  it('rejects a bad email and a short password, and clears a message once the field is edited', async () => {
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Username'), 'ali');
    await userEvent.type(screen.getByLabelText('Email'), 'ali@');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Enter a valid email address',
      'Password must be at least 6 characters',
    ]);
    await userEvent.type(screen.getByLabelText('Password'), '456');
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['Enter a valid email address']);
  });
});

describe('Continue with GitHub', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is shown when the server offers it', async () => {
    vi.spyOn(authApi, 'providers').mockResolvedValue({ github: true });
    renderSignIn();
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
  });

  it('is absent when the server is not configured for it, or cannot say', async () => {
    const asked = vi.spyOn(authApi, 'providers').mockResolvedValue({ github: false });
    renderSignIn();
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();

    asked.mockRejectedValue(new Error('offline'));
    renderSignIn();
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/en';
import { SignInPage } from '../src/pages/auth/sign-in-page';

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n('en', en);
});

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

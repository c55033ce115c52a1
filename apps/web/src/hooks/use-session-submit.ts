import type { FieldErrors, Session } from '@didban/core';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { authStore } from '../lib/auth-store';
import { errorText } from '../lib/error-text';
import { snackbarStore } from '../lib/snackbar-store';
import { workspaceStore } from '../lib/workspace-store';
import { PATHS } from '../routes/paths';
import { useAsyncAction } from './use-async-action';
import { useForm } from './use-form';
import { useLang } from './use-lang';

/**
 * Sign-in and sign-up share this: call the server, keep the session, return to where the user
 * was sent from (or home). A refusal shows the server's message and its per-field messages.
 */
export function useSessionSubmit<B>(
  call: (body: B) => Promise<Session>,
  fallbackMessage: string,
  onFieldErrors: (errors: FieldErrors) => void,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useLang();
  return useAsyncAction(call, {
    onSuccess: (session) => {
      authStore.signIn(session);
      workspaceStore.set(null);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith('/') ? from : PATHS.home, { replace: true });
    },
    onError: (error) => {
      const fields = (error as { errors?: FieldErrors }).errors;
      if (fields) onFieldErrors(fields);
      snackbarStore.show(errorText(error, lang, fallbackMessage), 'error');
    },
  });
}

/**
 * The sign-in and sign-up forms: values checked by the core schema, then sent; the server's
 * per-field messages land on the fields.
 */
export function useSessionForm<S extends z.ZodType, V extends Record<string, string>>(
  schema: S,
  initial: V,
  call: (body: z.output<S>) => Promise<Session>,
  fallbackMessage: string,
) {
  const form = useForm(schema, initial);
  const submit = useSessionSubmit(call, fallbackMessage, form.setErrors);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (body) void submit.run(body);
  };
  return { form, submit, onSubmit };
}

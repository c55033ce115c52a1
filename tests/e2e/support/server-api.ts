import { randomBytes } from 'node:crypto';
import { createApiClient, type Session } from '@didban/core';

export type Account = { username: string; email: string; password: string };

/** A new, unique account's details (not yet registered). */
export function newAccount(prefix = 'user'): Account {
  const id = randomBytes(4).toString('hex');
  return { username: `${prefix}_${id}`, email: `${prefix}_${id}@example.test`, password: 'correct-horse-9' };
}

/** Register through the API, for tests about something other than the sign-up form. */
export async function register(baseUrl: string, account: Account): Promise<Session> {
  const api = createApiClient({ baseUrl, getLanguage: () => 'en' });
  return api.auth.register({ ...account, confirm_password: account.password });
}

/** Plant a notification through the server's test hook (DIDBAN_TEST_HOOKS=1). */
export async function notify(
  baseUrl: string,
  username: string,
  text: string,
  link: string | null,
): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/v1/test/notify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, text, link }),
  });
  if (answer.status !== 201) throw new Error(`test/notify answered ${answer.status}: ${await answer.text()}`);
  const body = (await answer.json()) as { data: { id: string } };
  return body.data.id;
}

/** Create a team owned by the session's user (the workspace switcher lists it). */
export async function createTeam(baseUrl: string, session: Session, name: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/v1/panel/teams/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access}` },
    body: JSON.stringify({ name }),
  });
  if (answer.status !== 201) throw new Error(`panel/teams answered ${answer.status}: ${await answer.text()}`);
  const body = (await answer.json()) as { data: { id: string } };
  return body.data.id;
}

/** Make a user staff through the server's test hook (DIDBAN_TEST_HOOKS=1). */
export async function makeStaff(baseUrl: string, username: string): Promise<void> {
  const answer = await fetch(`${baseUrl}/api/v1/test/make-staff/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  if (answer.status !== 200)
    throw new Error(`test/make-staff answered ${answer.status}: ${await answer.text()}`);
}

/** Open a support ticket of the session's user with the first ticket type. */
export async function openTicket(baseUrl: string, session: Session, title: string): Promise<string> {
  const api = createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });
  const types = await api.support.types();
  const ticket = await api.support.create({ title, ticket_type: types.results[0]!.id });
  return ticket.id;
}

/** Post a text message to a ticket (multipart, as the panel sends it). */
export async function postMessage(baseUrl: string, session: Session, ticketId: string, text: string) {
  const form = new FormData();
  form.append('text', text);
  const answer = await fetch(`${baseUrl}/api/v1/support/tickets/${ticketId}/messages/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`messages answered ${answer.status}: ${await answer.text()}`);
}

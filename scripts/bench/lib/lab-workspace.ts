/**
 * A benchmark's tenant: a user registered through the API, their personal workspace, and one asset
 * group (no auto-discovery) holding the given lab host names as HTTP assets, written straight to
 * the database so setting up 10,000 hosts takes one statement.
 */

/** A call to the API as the benchmark makes it (method, path under /api/v1/, JSON body). */
// biome-ignore lint/suspicious/noExplicitAny: each caller reads its own fields of a checked answer
type Api = (method: string, path: string, body?: unknown) => Promise<any>;
type Query = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** A user registered through the API, with their token and personal workspace. */
export async function registerWorkspace(api: Api, client: Query, who: string) {
  const { access, user } = await api('POST', 'auth/register/', {
    username: who,
    email: `${who}@example.com`,
    password: 'secret-pass',
    confirm_password: 'secret-pass',
  });
  const ws = (
    await client.query(`select id from workspaces where owner_id = $1 and kind = 'personal'`, [user.id])
  ).rows[0]!.id as string;
  return { access: access as string, ws };
}

export async function labWorkspace(api: Api, client: Query, who: string, groupName: string, hosts: string[]) {
  const { access, ws } = await registerWorkspace(api, client, who);
  const group = (
    await client.query(
      `insert into asset_groups (workspace_id, name, roots, auto_discovery) values ($1, $2, '["lab.didban.test"]'::jsonb, false) returning id`,
      [ws, groupName],
    )
  ).rows[0]!.id as string;
  await client.query(
    `insert into assets (workspace_id, group_id, host, port, ip, status, service)
     select $1, $2, h, 80, '', '200', 'http' from unnest($3::text[]) as h`,
    [ws, group, hosts],
  );
  return { access, ws, group };
}

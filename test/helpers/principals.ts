// One company with a caller of every kind: a user of each default access group (logged in), and an
// API key of each scope created by the admin. The security suites run requests as each of them.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { newObjectId } from '../../src/platform/ids.js';
import { call, signup, type Tenant } from './test-app.js';

export const PASSWORD = 'correct-horse-battery';

export interface LoggedIn {
  userId: string;
  username: string;
  headers: Record<string, string>;
  refreshToken: string;
}

export interface Principals {
  company: Tenant;
  groupIds: Record<'admin' | 'objectmanager' | 'employee', string>;
  users: Record<'admin' | 'objectmanager' | 'employee', LoggedIn>;
  keys: Record<'read' | 'write' | 'admin', { _id: string; headers: Record<string, string> }>;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
): Promise<LoggedIn & { status: number }> {
  const res = await call(app, 'POST', '/v2/auth/login', {}, { username, password });
  return {
    status: res.status,
    userId: res.body?.user?._id,
    username,
    refreshToken: res.body?.refreshToken,
    headers: { authorization: `Bearer ${res.body?.accessToken}` },
  };
}

/** Creates a user in a group (as the company's admin) and logs them in. */
export async function createUser(
  app: FastifyInstance,
  admin: Record<string, string>,
  accessGroupId: string,
  extra: Record<string, unknown> = {},
): Promise<LoggedIn> {
  const username = `user-${newObjectId()}`;
  const created = await call(app, 'POST', '/v2/users/', admin, {
    id: username,
    password: PASSWORD,
    accessGroupId,
    ...extra,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const session = await login(app, username);
  assert.equal(session.status, 200);
  return { ...session, userId: created.body._id };
}

export async function createKey(
  app: FastifyInstance,
  headers: Record<string, string>,
  scope: 'read' | 'write' | 'admin',
) {
  const res = await call(app, 'POST', '/v2/apiKeys', headers, { name: `${scope} key`, scopes: [scope] });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { _id: res.body._id as string, headers: { 'x-api-key': res.body.key as string } };
}

export async function groupIdsOf(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<Principals['groupIds']> {
  const groups = (await call(app, 'GET', '/v2/accessGroups/', headers)).body as Array<{ _id: string; name: string }>;
  const id = (name: string) => groups.find((group) => group.name === name)!._id;
  return { admin: id('admin'), objectmanager: id('objectmanager'), employee: id('employee') };
}

export async function setUpPrincipals(app: FastifyInstance, name = 'Principals'): Promise<Principals> {
  const company = await signup(app, name);
  const groupIds = await groupIdsOf(app, company.headers);
  const admin = await login(app, (await call(app, 'GET', `/v2/users/${company.userId}`, company.headers)).body.id);
  const users = {
    admin: { ...admin, userId: company.userId },
    objectmanager: await createUser(app, company.headers, groupIds.objectmanager),
    employee: await createUser(app, company.headers, groupIds.employee),
  };
  const keys = {
    read: await createKey(app, company.headers, 'read'),
    write: await createKey(app, company.headers, 'write'),
    admin: await createKey(app, company.headers, 'admin'),
  };
  return { company, groupIds, users, keys };
}

// Access groups are the company's roles: a permission level per area and action.
import { Type } from 'typebox';
import { Conflict, Forbidden } from '../platform/http/errors.js';
import { AREAS, holdsEveryRight, isFullAccess, type Permissions } from '../platform/http/permissions.js';
import { settingsSectionSql } from '../platform/db/companies.js';
import type { TenantTx } from '../platform/db/tenant.js';
import { defineResource, notGiven, type ResourceHooks, withHooks } from './engine/define-resource.js';
import { opt, text } from './engine/fields.js';

const level = Type.Union([Type.Literal('none'), Type.Literal('own'), Type.Literal('all')]);

export const accessGroups = defineResource({
  name: 'access group',
  collection: 'accessGroups',
  table: 'access_groups',
  area: 'accessGroups',
  schema: Type.Object({
    name: text(100),
    description: opt(text(1000)),
    permissions: Type.Object(
      Object.fromEntries(
        ['*', ...AREAS].map((area) => [area, opt(Type.Object({ read: opt(level), write: opt(level) }))]),
      ),
      {
        additionalProperties: false,
        description: 'area -> {read, write}, each none | own | all; "*" applies to every area not named',
      },
    ),
  }),
  hooks: groupHooks({ countMembers: () => notGiven('Counting group members', 'accessGroupsWith()') }),
});

/** Access groups as registered: their checks count the users module's members (given by the app). */
export function accessGroupsWith(members: GroupMembers) {
  return withHooks(accessGroups, groupHooks(members));
}

function groupHooks(members: GroupMembers): ResourceHooks {
  return {
    // Nobody grants rights they do not hold; the admin group keeps every right; an administrator remains.
    async prepare(tx, ctx, { doc, previous }) {
      const permissions = doc.permissions as Permissions;
      if (!holdsEveryRight(ctx.permissions, permissions))
        throw Forbidden('An access group cannot grant rights you do not hold');
      if (!previous || isFullAccess(permissions) || !isFullAccess(previous.doc.permissions as Permissions))
        return { doc };
      if (previous.id === (await companyGroups(tx)).adminAccessGroupId)
        throw Conflict("The company's admin access group keeps every right");
      if ((await countAdministrators(tx, members, { group: { id: previous.id, permissions } })) === 0) {
        throw Conflict('This change would leave the company without an administrator');
      }
      return { doc };
    },
    async beforeDelete(tx, _ctx, record) {
      const { defaultAccessGroupId, adminAccessGroupId } = await companyGroups(tx);
      if (record.id === defaultAccessGroupId || record.id === adminAccessGroupId) {
        throw Conflict("The company's default and admin access groups cannot be deleted");
      }
      if ((await members.countMembers(tx, [record.id])) > 0)
        throw Conflict('The access group is assigned to users; assign them another group first');
    },
  };
}

/**
 * Who belongs to which group is the users module's (it imports the master data, so the master data
 * cannot import it): the app gives its count when it registers the master data.
 */
export interface GroupMembers {
  /** How many users belong to one of the groups, leaving one user out of the count. */
  countMembers(tx: TenantTx, groupIds: string[], exceptUserId?: string): Promise<number>;
}

/** A group's rights (none when there is no group or it is gone). */
export async function groupPermissions(tx: TenantTx, groupId: string | null | undefined): Promise<Permissions> {
  return (await findGroup(tx, groupId))?.permissions ?? {};
}

/** A group's name and rights; undefined when there is no group or it is gone. */
export async function findGroup(
  tx: TenantTx,
  groupId: string | null | undefined,
): Promise<{ name?: string; permissions?: Permissions } | undefined> {
  if (!groupId) return undefined;
  const row = await tx.db
    .selectFrom('access_groups')
    .select('doc')
    .where('company_id', '=', tx.companyId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row?.doc as { name?: string; permissions?: Permissions } | undefined;
}

/**
 * Users who would still hold every right, leaving one user or one group's new rights out of the count. Here
 * with the groups (users/user-guard.ts uses it too) so that the master data imports no module.
 */
export async function countAdministrators(
  tx: TenantTx,
  members: GroupMembers,
  change: { exceptUserId?: string; group?: { id: string; permissions: Permissions } } = {},
): Promise<number> {
  const groups = await tx.db
    .selectFrom('access_groups')
    .select(['id', 'doc'])
    .where('company_id', '=', tx.companyId)
    .execute();
  const rightsOf = (group: { id: string; doc: unknown }) =>
    (group.id === change.group?.id
      ? change.group.permissions
      : (group.doc as { permissions?: Permissions }).permissions) ?? {};
  const fullGroupIds = groups.filter((group) => isFullAccess(rightsOf(group))).map((group) => group.id);
  if (!fullGroupIds.length) return 0;
  return members.countMembers(tx, fullGroupIds, change.exceptUserId);
}

/** The company's default (new users) and admin access groups. */
export async function companyGroups(
  tx: TenantTx,
): Promise<{ defaultAccessGroupId?: string; adminAccessGroupId?: string }> {
  // sql: both settings sections in one statement (no table: each is the companies module's sub-select)
  const row = await tx.db
    .selectNoFrom([
      settingsSectionSql(tx, 'defaultAccessGroupId').$castTo<string | null>().as('defaultAccessGroupId'),
      settingsSectionSql(tx, 'adminAccessGroupId').$castTo<string | null>().as('adminAccessGroupId'),
    ])
    .executeTakeFirstOrThrow();
  return {
    ...(row.defaultAccessGroupId != null ? { defaultAccessGroupId: row.defaultAccessGroupId } : {}),
    ...(row.adminAccessGroupId != null ? { adminAccessGroupId: row.adminAccessGroupId } : {}),
  };
}

const READ_ALL = { read: 'all', write: 'none' } as const;
const WRITE_ALL = { read: 'all', write: 'all' } as const;
const NONE = { read: 'none', write: 'none' } as const;

/** The groups every new company starts with. */
export const DEFAULT_ACCESS_GROUPS: Array<{
  key: string;
  name: string;
  description: string;
  permissions: Permissions;
}> = [
  { key: 'admin', name: 'admin', description: 'Everything in the company', permissions: { '*': WRITE_ALL } },
  {
    key: 'objectmanager',
    name: 'objectmanager',
    description: 'Plans and runs the work at objects',
    permissions: {
      '*': WRITE_ALL,
      users: READ_ALL,
      accessGroups: READ_ALL,
      apiKeys: NONE,
      company: NONE,
      webhooks: NONE,
    },
  },
  {
    key: 'employee',
    name: 'employee',
    description: 'Sees their own record, jobs, time and absences',
    permissions: {
      users: { read: 'own', write: 'none' },
      objects: READ_ALL,
      customers: NONE,
      activityTypes: READ_ALL,
      articles: READ_ALL,
      jobs: { read: 'own', write: 'none' },
      assignments: NONE,
      timeTracking: { read: 'own', write: 'own' },
      salaries: { read: 'own', write: 'none' },
      holidays: READ_ALL,
      absences: { read: 'own', write: 'own' },
      tasks: { read: 'own', write: 'own' },
      documents: { read: 'own', write: 'own' },
      materialOrders: { read: 'own', write: 'own' },
      notifications: { read: 'own', write: 'own' },
    },
  },
];

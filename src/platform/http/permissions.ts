// Permission areas and the arithmetic on rights: which areas exist, whether one set of rights holds
// every right of another, and the rights two grants share. Areas are a closed list, so a misspelt
// area is a compile error in code and a 400 in an access group, never a silent fall-back to `*`.

export const AREAS = [
  'users',
  'accessGroups',
  'apiKeys',
  'company',
  'webhooks',
  'customers',
  'objects',
  'contacts',
  'activityTypes',
  'taxRates',
  'paymentTerms',
  'articles',
  'suppliers',
  'serviceProducts',
  'equipment',
  'jobs',
  'assignments',
  'timeTracking',
  'salaries',
  'payTypes',
  'surcharges',
  'holidays',
  'absences',
  'tasks',
  'complaints',
  'documents',
  'materialOrders',
  'qualityControl',
  'invoicing',
  'notifications',
] as const;

export type Area = (typeof AREAS)[number];
export type Level = 'none' | 'own' | 'all';
export type Action = 'read' | 'write';
export type Permissions = Record<string, Partial<Record<Action, Level>>>;

/** Areas that only administrators (admin group, admin-scoped API keys) may touch by default. */
export const ADMIN_AREAS: readonly Area[] = ['apiKeys', 'accessGroups', 'company', 'webhooks'];

const KNOWN = new Set<string>(AREAS);
const RANK: Record<Level, number> = { none: 0, own: 1, all: 2 };
const ACTIONS: readonly Action[] = ['read', 'write'];

export function isArea(name: string): name is Area {
  return KNOWN.has(name);
}

/** Fails at start-up when a declaration names an area that does not exist. */
export function assertArea(name: string, where: string): Area {
  if (!isArea(name)) throw new Error(`${where}: unknown permission area "${name}" (known: ${AREAS.join(', ')})`);
  return name;
}

export function levelOf(permissions: Permissions, area: Area, action: Action): Level {
  const entry = permissions[area] ?? permissions['*'];
  return entry?.[action] ?? 'none';
}

/** True when `holder` has at least every right `target` has, in every area and action. */
export function holdsEveryRight(holder: Permissions, target: Permissions): boolean {
  return AREAS.every((area) =>
    ACTIONS.every((action) => RANK[levelOf(holder, area, action)] >= RANK[levelOf(target, area, action)]),
  );
}

/** True when the rights are everything there is (an administrator). */
export function isFullAccess(permissions: Permissions): boolean {
  return AREAS.every((area) => ACTIONS.every((action) => levelOf(permissions, area, action) === 'all'));
}

/** The rights both grants give: an API key acts with its scopes, but never beyond its creator. */
export function intersectRights(a: Permissions, b: Permissions): Permissions {
  const result: Permissions = {};
  for (const area of AREAS) {
    result[area] = {};
    for (const action of ACTIONS) {
      const left = levelOf(a, area, action);
      const right = levelOf(b, area, action);
      result[area]![action] = RANK[left] <= RANK[right] ? left : right;
    }
  }
  return result;
}

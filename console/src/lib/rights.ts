// The signed-in user's rights per area, as GET /v2/auth/permissions answers them (the rules the routes apply).
// The shell reads them once per session (shell/home.ts) and gives them to every screen (screen.ts), so a
// screen offers only what the user may do and never calls a route it would be refused.

export type Level = 'none' | 'own' | 'all';
export type Rights = Record<string, { read?: Level; write?: Level } | undefined>;

const RANK: Record<Level, number> = { none: 0, own: 1, all: 2 };

/** Whether the user reads the area at `least` this level (own: their own records; all: everyone's). */
export const reads = (rights: Rights, area: string, least: Level = 'all') =>
  RANK[rights[area]?.read ?? 'none'] >= RANK[least];

/** Whether the user writes the area at `least` this level. */
export const writes = (rights: Rights, area: string, least: Level = 'all') =>
  RANK[rights[area]?.write ?? 'none'] >= RANK[least];

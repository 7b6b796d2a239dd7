// The quality report of an object over a period: the average rating per month and overall, and
// the rooms with the lowest average ratings.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';
import { qualityControls } from './quality-controls.js';

const MAX_DAYS = 3 * 366;
const WORST_ROOMS = 5;

export async function qualityReport(
  database: Database,
  ctx: RequestContext,
  objectId: string,
  from: number,
  to: number,
) {
  requireLevel(ctx, qualityControls.area, 'read');
  if (!(to > from)) throw fieldError('to', 'must be after from');
  if (to - from > MAX_DAYS * 86_400_000) throw fieldError('to', `the period is at most ${MAX_DAYS} days`);
  return inTenant(database, ctx.companyId, async (tx) => {
    if (!(await findRecord(tx, objects, objectId))) throw NotFound('object', objectId);
    // sql: aggregates (averages rounded as text, months by date_trunc) and the room checks unnested
    // from the JSON documents.
    const where = sql`company_id = ${tx.companyId} AND object_id = ${objectId} AND controlled_at >= ${new Date(from)} AND controlled_at < ${new Date(to)}`;
    const { rows: overall } = await sql<{ controls: number; average: string | null }>`
      SELECT count(*)::int AS controls, round(avg(rating), 2)::text AS average FROM quality_controls WHERE ${where}`.execute(
      tx.db,
    );
    const { rows: months } = await sql<{ month: string; controls: number; average: string }>`
      SELECT to_char(date_trunc('month', controlled_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS controls, round(avg(rating), 2)::text AS average
      FROM quality_controls WHERE ${where} GROUP BY 1 ORDER BY 1`.execute(tx.db);
    // A room's rating is the mean of its rated service checks.
    const { rows: rooms } = await sql<{ room: string; checks: number; average: string }>`
      SELECT coalesce(r->>'name', r->>'roomId') AS room, count(*)::int AS checks, round(avg((s->>'evaluation')::numeric), 2)::text AS average
      FROM quality_controls q, jsonb_array_elements(coalesce(q.doc->'roomChecks', '[]')) r, jsonb_array_elements(coalesce(r->'serviceChecks', '[]')) s
      WHERE ${where} AND s ? 'evaluation' AND coalesce((s->>'rated')::boolean, true)
      GROUP BY 1 ORDER BY avg((s->>'evaluation')::numeric), 1 LIMIT ${WORST_ROOMS}`.execute(tx.db);
    const num = (v: string | null) => (v === null ? null : Number(v));
    return {
      objectId,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      controls: overall[0]!.controls,
      averageRating: num(overall[0]!.average),
      byMonth: months.map((m) => ({ month: m.month, controls: m.controls, averageRating: Number(m.average) })),
      worstRooms: rooms
        .filter((r) => r.room !== null)
        .map((r) => ({ room: r.room, checks: r.checks, averageRating: Number(r.average) })),
    };
  });
}

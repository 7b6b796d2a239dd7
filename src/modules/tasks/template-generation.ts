// POST /taskTemplates/{id}/generate: a template's tasks due in a period, created now (each
// occurrence once), beside the worker that keeps AHEAD_DAYS generated.
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { generateTasks, MAX_GENERATE_DAYS, taskTemplates } from './task-templates.js';

export function templateGeneration(deps: { database: Database }) {
  /** Creates the template's tasks due in [from (default now), until); answers how many were new. */
  return async function generate(ctx: RequestContext, id: string, period: { from?: string; until: string }) {
    requireLevel(ctx, taskTemplates.area, 'write');
    const from = period.from ? Date.parse(period.from) : Date.now();
    const until = Date.parse(period.until);
    if (!(until > from)) throw fieldError('until', 'must be after from');
    if (until - from > MAX_GENERATE_DAYS * 86_400_000)
      throw fieldError('until', `at most ${MAX_GENERATE_DAYS} days after from`);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const template = await findRecord(tx, taskTemplates, id, { forUpdate: true });
      if (!template) throw NotFound('task template', id);
      return generateTasks(tx, ctx, template, from, until);
    });
  };
}

// POST /tasks/{id}/complete (spec): completes the task from any state; with sendEmail the text
// goes to recipientEmail through the mail outbox (sent after the commit), and stays on the task.
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { requireOwnOrAll } from '../../resources/engine/access-checks.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { closeComplaintOf } from './complaint-closing.js';
import { complaints, tasks } from './tasks-resource.js';

export interface CompleteBody {
  sendEmail?: boolean;
  emailText?: string;
  recipientEmail?: string;
}

export function taskCompletion(deps: { database: Database; mail: MailOutbox }) {
  return async function complete(ctx: RequestContext, id: string, body: CompleteBody = {}) {
    const level = requireLevel(ctx, tasks.area, 'write');
    if (body.sendEmail && !body.recipientEmail)
      throw fieldError('recipientEmail', 'is required when sendEmail is true');
    if (body.sendEmail && !body.emailText) throw fieldError('emailText', 'is required when sendEmail is true');
    const mailIds = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const task = requireOwnOrAll(
        ctx,
        level,
        await findRecord(tx, tasks, id, { forUpdate: true }),
        (t) => t.doc.assignee?.entityId,
        () => NotFound('task', id),
      );
      // The spec's transition is from any state: completing a completed task again is no conflict
      // (firstTerminatedAt keeps the first time; a new text and mail are recorded).
      const now = new Date().toISOString();
      const doc = {
        ...task.doc,
        taskStatus: 'completed',
        firstStartedAt: task.doc.firstStartedAt ?? now,
        firstTerminatedAt: task.doc.firstTerminatedAt ?? now,
        ...(body.emailText !== undefined ? { completionResponse: body.emailText } : {}),
      };
      await updateRecord(tx, tasks, id, { doc, userId: ctx.userId });
      await closeComplaintOf(tx, ctx, complaints, doc);
      if (!body.sendEmail) return [];
      return [
        await queueMail(
          tx,
          { to: body.recipientEmail!, subject: `Completed: ${task.doc.title}`, text: body.emailText! },
          { taskId: id },
        ),
      ];
    });
    await deps.mail.sendNow(mailIds);
    return { completed: true };
  };
}

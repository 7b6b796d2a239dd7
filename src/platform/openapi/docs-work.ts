// Operation docs: scheduling, time tracking, absences, tasks, orders, documents, chats, quality.
import type { OperationDoc } from './operation-doc.js';

const JOB_EVENT = 'Emits UPDATE (entity `job`) for each job changed.';

export const WORK_DOCS: Record<string, OperationDoc> = {
  'objects.create': {
    description:
      'Creates an object (a site of a customer). Without `customerId` a new customer named after the object is created too. `number` is generated when absent. Emits CREATE (entity `customerobject`).',
  },
  'assignments.create': {
    description:
      'Creates an assignment: work at an object following `iCalendar` (an RFC 5545 rule in `rrule`, or frequency/interval/byDay…; `dtstart`/`dtend` as local times `YYYY-MM-DDTHH:mm[:ss]` in `tzid`). Jobs are generated from it on demand when a time frame is read, so no job exists before someone asks for one.',
  },
  'jobs.jobsInTimeFrame': {
    description:
      'Jobs overlapping [from, to), ordered by start; `from` and `to` are epoch milliseconds (as strings or numbers) or ISO 8601 date-times. Jobs of assignments are generated for the frame on first read. Filters narrow the result: `ids`, `userIds` (`unassigned_jobs` matches jobs without a user), `objectId(s)`, `activityTypeId`, `status`, `teamId`, `absenceId`, `originalId`, `notAccepted`, `currentlyWorking`, `liveJobs`. `includeUsersInResponse` embeds the users. Read-only: a read-scoped API key may call it. Answers 200.',
  },
  'jobs.list': {
    description:
      'Lists jobs (only those already generated or created; use `POST /v2/jobs/jobsInTimeFrame` for a period, which generates the jobs of assignments). Same list parameters as every collection; the total is in `X-Total-Count`.',
  },
  'jobs.get': {
    description: 'Reads a job with its embedded assignment, time-tracking entries, salaries and `started` records.',
  },
  'jobs.assign': {
    description: `Assigns users to the job. With several users the job becomes a team: the first user keeps this job, each other user gets a copy, all sharing a \`teamId\`. 409 when a user is already in the team. ${JOB_EVENT}`,
  },
  'jobs.unassign': { description: `Removes the job's user; the job stays, unassigned. ${JOB_EVENT}` },
  'jobs.move': {
    description: `Moves the job to another time (and optionally user); a job of an assignment keeps its \`originalId\`, so the generated occurrence is not planned again. ${JOB_EVENT}`,
  },
  'jobs.split': { description: `Splits the job at \`at\` into two jobs sharing a \`splitId\`. ${JOB_EVENT}` },
  'jobs.accept': { description: `The assigned user accepts or declines the job (\`acceptedStatus\`). ${JOB_EVENT}` },
  'jobs.replacement': {
    description:
      'Creates a replacement job for another user (`masterJobId` points to this job), e.g. when the user is absent. 409 when the job already has one or the replacement is its own user. Emits CREATE and UPDATE (entity `job`).',
  },
  'jobs.start': {
    description:
      "Clocks in on the job: starts a time-tracking entry for the job's user and adds a record to the job's `started` list. `time` defaults to now and may not lie in the future; `location` is compared with the object's location (clock-in distance check). A repeated request with the same `clientId` changes nothing (`replayed`). 409 when already clocked in on the job. Emits UPDATE (entity `job`).",
  },
  'jobs.stop': {
    description:
      "Clocks out: ends the open entry of the job's user, with an optional `break` in seconds; working time is computed from the company's break rules. 409 when not clocked in; 400 when the time is before the clock-in. The entry then waits for approval (`POST /v2/timeTracking/{id}/approve`). Emits UPDATE (entity `job`).",
  },
  'timeTracking.create': {
    description:
      'Adds an entry by hand (e.g. a forgotten clock-in); `reason` is required and the entry is marked `wasAddedManually`.',
  },
  'timeTracking.update': {
    description:
      "Corrects an entry (managers); `reason` is required and kept in the entry's history. The salary of an approved entry is recomputed to follow the correction. Merge-patch rules as for every PATCH.",
  },
  'timeTracking.approve': {
    description:
      'Approves a stopped entry and computes its salary (pay type rate, surcharges for night, Sunday and holiday hours); answers the salary ids. 409 when the entry is still running or cancelled. Emits CREATE or UPDATE (entity `salary`).',
  },
  'timeTracking.cancel': {
    description:
      'Cancels an entry; its salary is removed unless it was already billed (then 409). `reason` is required.',
  },
  'salaries.compute': {
    description:
      'Salary run for a period: approves every stopped, error-free entry in [from, to) and computes its salary; answers what was approved and what was skipped with the reason.',
  },
  'salaries.list': {
    description:
      'Lists salaries with the list parameters of every collection (filters by status, user, object, activity type, job, and date ranges). The total is in `X-Total-Count`.',
  },
  'surcharges.adoptGermanTaxFreePreset': {
    description:
      'Creates the night, Sunday and public-holiday surcharges at the German tax-free limits (§3b EStG); existing surcharges stay.',
  },
  'absences.update': {
    description:
      'Changes only the supplied fields (dtStart, dtEnd as UTC timestamps, daysAbsent, type, desc, payTypeAbsenceId, calculationType, imageIds). Changing the period, type or pay of an approved absence recomputes its affected jobs, paid time and salaries. Employees may change their own open requests.',
  },
  'absences.listOwn': {
    description:
      "The authenticated user's absences. Filters: status, ids, payTypeAbsenceIds, type (states or type numbers), endDateFrom, endDateTo, startDateTo, filter; limit, offset, sort.",
  },
  'absences.approve': {
    description:
      'Approves an open absence: jobs of the user in the period are marked as needing a replacement (`absenceId`), paid absence time and its salaries are computed, leave is counted. Emits ABSENCE_APPROVED (entity `absence`).',
  },
  'absences.decline': {
    description: 'Declines an open absence; `declineComment` tells the employee why. Emits UPDATE (entity `absence`).',
  },
  'absences.cancel': {
    description:
      'Cancels an absence. An approved one gives its jobs back to the user (unless replaced) and removes its unbilled absence salaries. Emits ABSENCE_CANCELED (entity `absence`).',
  },
  'absences.assignReplacement': {
    description:
      "Gives the absence's open jobs to a replacement user (replacement jobs). 409 names the conflicting job or absence when that user is busy or absent then.",
  },
  'absences.listReplacementCandidates': {
    description: "Employees who could take over the absence's jobs, best first: free at those times and not absent.",
  },
  'tasks.complete': {
    description:
      'Completes the task from any state but completed (409 then). With `sendEmail`, `emailText` is mailed to `recipientEmail` (both required then); the text is kept as `completionResponse`. A complaint linked to the task is closed. Emits UPDATE (entity `task`).',
  },
  'tasks.list': {
    description:
      'Lists tasks. Filters: customerIds, userIds (`unassigned_jobs` matches tasks without a user), search (title or identifier), assigneeId, related contacts, users, objects, customers, assignments, invoices and equipment, status and priority (comma lists), callId, tab, taskTypeIds, fromRecurringTemplate; limit, offset, sort.',
  },
  'taskTemplates.generate': {
    description:
      "Creates the template's tasks due until `until`; each occurrence is created once, so running it again creates only new ones.",
  },
  'orders.list': {
    description:
      'Lists material orders; `open=true` lists those not yet completed. Filtering and sorting as for every collection.',
  },
  'orders.approve': {
    description:
      'A manager approves a requested order. 409 when it is not requested. Emits UPDATE (entity `materialorder`).',
  },
  'orders.complete': {
    description:
      'Marks an approved order as delivered. 409 when it is not approved. Emits UPDATE (entity `materialorder`).',
  },
  'objects.getQualityReport': {
    description:
      'Quality of an object over a period (`from`, `to`: epoch ms or ISO 8601; default the last year): average rating by month and the worst rated rooms.',
  },
  'documents.create': {
    description:
      'Uploads one or more files as `multipart/form-data`: parts `file` (repeatable) and `name`, `objectId`, `userId`, `jobId`, `customerId` (at least one of these four, 400 otherwise), `absenceId`, `complaintId`, `accessGroup`. The content is sniffed: only allowed types are accepted (PDF, images, office documents, text, CSV; 415 otherwise). Size and count are limited per upload (413). Answers `{_id, ids}`.',
  },
  'documents.list': { description: 'Lists document records (not the files); filters as for every collection.' },
  'documents.get': {
    description:
      'Reads a document record: name, type, size, owner ids; the file itself is at `GET /v2/documents/{id}/file`.',
  },
  'documents.getFile': {
    description:
      'The file with its stored content type, as an attachment. Supports `Range` requests (206) for large files.',
  },
  'documents.delete': { description: 'Deletes the document record and its file.' },
  'objects.listDocuments': { description: 'Documents attached to the object.' },
  'users.listDocuments': { description: 'Documents attached to the user.' },
  'customers.listDocuments': { description: 'Documents attached to the customer.' },
  'jobs.listDocuments': {
    description: "Documents attached to the job; `flag=true` also lists the documents of the job's object.",
  },
  'articles.getLastNumber': {
    description:
      'The highest article number given so far (`{lastNumber}`), e.g. to show the next one before creating an article; numbers are generated when a create omits `number`.',
  },
  'chats.listMessages': {
    description:
      'Messages of the chat of a record (its `chatId`), oldest first; paged with limit and offset. Readable by whoever may read the record.',
  },
  'chats.postMessage': {
    description:
      'Writes a message in the chat of a record, optionally with uploaded documents as attachments (`documentIds`).',
  },
};

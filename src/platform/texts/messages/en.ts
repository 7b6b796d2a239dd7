// English: the server's crew-facing texts. This table is the key list; every language has each key (type-checked,
// and test/platform/texts.test.ts checks the placeholders).
export const en = {
  jobAssigned: 'A job was assigned to you',
  jobUnassigned: 'A job is no longer yours',
  jobMoved: 'Your job was moved',
  jobCancelled: 'Your job was cancelled',
  replacementOffered: 'A replacement job was offered to you',
  absenceApproved: 'Your absence was approved',
  absenceDeclined: 'Your absence was declined',
  taskAssigned: 'A task was assigned to you',
  /** A job's notification body: its time, e.g. "Mon 14 Apr, 06:00–08:00". */
  jobWhen: '{day}, {from}–{to}',
  /** An absence's notification body: its days. */
  absenceDays: '{from} – {to}',
  /** A task's notification body. */
  taskDue: '{title}, due {due}',
  smsLoginCode: 'Your Crewbase code: {code}. It expires in 5 minutes.',
  smsVerificationCode: 'Your Crewbase verification code: {code}. It expires in 10 minutes.',
  /** The invitation of a new user (POST /v2/users/{id}/invite): by SMS, or by e-mail with its subject. */
  inviteSms:
    'Hello {name}, your Crewbase access is ready: open {url} and sign in with your mobile number and the code sent to it.',
  inviteMailSubject: 'Your Crewbase access',
  inviteMail:
    'Hello {name},\n\nyour Crewbase access is ready: open {url} and sign in with this e-mail address and the password your office gives you.',
};

export type TextKey = keyof typeof en;

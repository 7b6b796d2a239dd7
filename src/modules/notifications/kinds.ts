// What a user is notified of, and through which channels. The kinds are written by the triggers of
// migration 0014 (the producer); a push's title and body are written in the recipient's language
// (push-text.ts, from the server's catalogues in platform/texts).
export const NOTIFICATION_KINDS = [
  'jobAssigned',
  'jobUnassigned',
  'jobMoved',
  'jobCancelled',
  'replacementOffered',
  'absenceApproved',
  'absenceDeclined',
  'taskAssigned',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ['inApp', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

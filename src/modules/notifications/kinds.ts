// What a user is notified of, and through which channels. The kinds are written by the triggers of
// migration 0014 (the producer); the texts are the push message's title, in English (the app shows
// its own, localised, from `kind` and `data`).
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

const TITLES: Record<NotificationKind, string> = {
  jobAssigned: 'A job was assigned to you',
  jobUnassigned: 'A job is no longer yours',
  jobMoved: 'Your job was moved',
  jobCancelled: 'Your job was cancelled',
  replacementOffered: 'A replacement job was offered to you',
  absenceApproved: 'Your absence was approved',
  absenceDeclined: 'Your absence was declined',
  taskAssigned: 'A task was assigned to you',
};

export function titleOf(kind: string): string {
  return TITLES[kind as NotificationKind] ?? 'Crewbase';
}

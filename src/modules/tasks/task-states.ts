// Task states and the moves between them. The spec fixes the states and that /complete reaches
// `completed` from any state; the rest of this table is our decision (docs/decisions.md, Tasks).
export const TASK_STATES = ['new', 'open', 'in_progress', 'in_review', 'completed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const TASK_TRANSITIONS: Record<TaskState, readonly TaskState[]> = {
  new: ['open', 'in_progress', 'completed', 'cancelled'],
  open: ['in_progress', 'in_review', 'completed', 'cancelled'],
  in_progress: ['open', 'in_review', 'completed', 'cancelled'],
  in_review: ['in_progress', 'completed', 'cancelled'],
  completed: ['open'], // reopened
  cancelled: ['open'], // reopened
};

export function canMove(from: TaskState, to: TaskState): boolean {
  return from === to || TASK_TRANSITIONS[from].includes(to);
}

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

/** List tabs (the spec's "task tabs"): which states each shows. */
export const TASK_TABS: Record<string, readonly TaskState[]> = {
  active: ['new', 'open', 'in_progress', 'in_review'],
  new: ['new'],
  review: ['in_review'],
  done: ['completed'],
  cancelled: ['cancelled'],
};

// The resources whose records have entity chats (every record's chatId): where a chat id is looked
// up, the most chatted-about first.
import type { Resource } from './resources/engine/define-resource.js';
import { MASTER_DATA } from './resources/register-master-data.js';
import { users } from './modules/users/users-resource.js';
import { assignments } from './modules/scheduling/assignments-resource.js';
import { jobs } from './modules/scheduling/jobs-resource.js';
import { timeTrackings } from './modules/time-tracking/time-trackings-resource.js';
import { absences } from './modules/absences/absences-resource.js';
import { tasks } from './modules/tasks/tasks-resource.js';
import { complaints } from './modules/tasks/complaints-resource.js';
import { documents } from './modules/documents/documents-resource.js';
import { materialOrders } from './modules/orders/material-orders.js';
import { qualityControls } from './modules/quality/quality-controls.js';

export const CHAT_RESOURCES: Resource[] = [
  jobs,
  tasks,
  complaints,
  users,
  assignments,
  absences,
  timeTrackings,
  materialOrders,
  qualityControls,
  documents,
  ...MASTER_DATA,
];

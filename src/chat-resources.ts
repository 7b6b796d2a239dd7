// The resources whose records have entity chats (every record's chatId): where a chat id is looked
// up, the most chatted-about first.
import type { Resource } from './resources/engine/define-resource.js';
import { MASTER_DATA } from './resources/register-master-data.js';
import { users } from './modules/users/index.js';
import { assignments } from './modules/scheduling/index.js';
import { jobs } from './modules/scheduling/index.js';
import { timeTrackings } from './modules/time-tracking/index.js';
import { absences } from './modules/absences/index.js';
import { tasks } from './modules/tasks/index.js';
import { complaints } from './modules/tasks/index.js';
import { documents } from './modules/documents/index.js';
import { materialOrders } from './modules/orders/index.js';
import { qualityControls } from './modules/quality/index.js';

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

/** The employees board's paths (SPEC §7): its handlers, its screen and its conversations. */
import { locationPath as loc, type ConversationAt } from '../routes.js';

const enc = encodeURIComponent;

/** An employee's conversation, under their store (functions/employees/board.ts `conversations`). */
export const employeeConversation = (locationId: string, id: string): ConversationAt => ({
  kind: 'employee',
  id,
  path: `${loc(locationId)}/employees/${enc(id)}`,
  readMarks: 'agents_null',
});

export const employeePaths = {
  list: (locationId: string) => `${loc(locationId)}/employees`,
  employee: (locationId: string, id: string) => `${loc(locationId)}/employees/${enc(id)}`,
};

/**
 * The store's numbers that take calls: a board's calls go through its texting number
 * (business_information.texting_numbers), the one customers already text.
 */
import type { CallBoard } from '../../shared/calls/calls.js';
import { normalizePhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import type { TextingModule } from '../lib/textingNumbers.js';

/** The texting number's module of each board that takes calls. */
export const MODULE_OF_BOARD = { service: 'service', appointments: 'appointment', inventory: 'inventory' } as const satisfies Record<CallBoard, TextingModule>;

/** The store's number of the board, else its service number (a store with one number for everything). */
export async function storeNumberOf(companyId: string, locationId: string, board: CallBoard): Promise<string | null> {
  const numbers = (await readSettings(companyId, locationId, 'business_information')).texting_numbers;
  const raw = numbers[MODULE_OF_BOARD[board]].trim() || numbers.service.trim();
  return raw ? normalizePhone(raw) : null;
}

/**
 * The hourly tidy-up of every store's guests and leads board: a guest nobody has written to or heard
 * from for GUEST_IDLE_DAYS leaves the open list for the archive, so the board keeps what is still to
 * be worked (and its pages stay few: the console loads a list whole). A guest who writes again comes
 * back onto the board, unread (the conversation core reopens it). Candidates are one Query per
 * location on the open list's own index, oldest first, never a Scan: the cost follows the guests due.
 */
import { everyLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { announceGuest } from './events.js';
import { idleGuests, updateGuest } from './records.js';

export const GUEST_IDLE_DAYS = 30;
/** Guests archived per location and run; the next run (an hour later) takes the rest. */
const BATCH = 200;

export interface GuestHousekeeping {
  locations: number;
  archived: number;
}

export async function archiveIdleGuests(now = Date.now()): Promise<GuestHousekeeping> {
  const cutoff = new Date(now - GUEST_IDLE_DAYS * 86_400_000).toISOString();
  const locations = await everyLocation();
  const done: GuestHousekeeping = { locations: locations.length, archived: 0 };
  for (const location of locations) {
    try {
      for (const guest of await idleGuests(location.company_id, location.id, cutoff, BATCH)) {
        // Read again: a text may have come since the list was read.
        const { after, changed } = await updateGuest(guest.company_id, guest.id, (current) => (!current.archived && current.activity_at < cutoff ? { archived: true } : null));
        if (!changed) continue;
        done.archived += 1;
        await announceGuest(after, 'archived');
      }
    } catch (err) {
      // One store's trouble must not keep the others untidy; the next run tries it again.
      logger.error('guests housekeeping failed for a location', { company_id: location.company_id, location_id: location.id, error: err as Error });
    }
  }
  return done;
}

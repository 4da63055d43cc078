/** Who hears about a guest: everyone working the location's guests and leads board, on its channel. */
import type { GuestEvent } from '../../shared/guests/events.js';
import { publishTo } from '../lib/realtime.js';
import { guestsChannel } from './channels.js';
import type { GuestRecord } from './records.js';

export const channelsOfGuest = (record: Pick<GuestRecord, 'location_id'>): string[] => [guestsChannel(record.location_id)];

export const guestChanged = (record: Pick<GuestRecord, 'id' | 'location_id'>, reason: string): GuestEvent => ({
  type: 'guest.changed',
  data: { id: record.id, location_id: record.location_id, reason },
});

export async function announceGuest(record: Pick<GuestRecord, 'company_id' | 'location_id' | 'id'>, reason: string): Promise<void> {
  await publishTo(record.company_id, channelsOfGuest(record), guestChanged(record, reason));
}

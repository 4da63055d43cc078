/**
 * The missed-call text-back (issue 25): a caller nobody answered gets a text from the number they
 * called within seconds, so they are not lost to the next shop. It is an automated text of the
 * conversation (functions/messages/automated.ts): every texting rule holds (never to an opted-out or
 * blocked customer, a landline, a number that opted out; consent as the store requires), and a text
 * that may not go leaves its "not delivered" note. Inside quiet hours it goes at once when the
 * store allows it, else not at all: by morning it would answer nothing.
 */
import { SEND_ERRORS } from '../../shared/schemas/messages.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { sendAutomated, type AutomatedResult } from '../messages/automated.js';
import { sendsAfterClose } from '../messages/afterClose.js';
import type { ConversationOwner } from '../messages/owners.js';
import { dealershipOf, localeOf } from '../messages/send.js';
import { textBackText } from './texts.js';

// A customer calling about a finished job is answered in its conversation like any other.
sendsAfterClose('missed_call_text_back');

type CallsSettings = SettingsOf<'service_calls_settings'>;

/** A text that quiet hours would hold this long or more is not sent (sending is a matter of seconds). */
const NOT_HELD_MS = 60_000;

/** Sends the text-back in the conversation from the number called; null when the store turned it off. */
export async function sendTextBack(owner: ConversationOwner, settings: CallsSettings, storeNumber: string): Promise<AutomatedResult | null> {
  if (!settings.text_back_enabled) return null;
  const written = settings.text_back_text.trim();
  // A caller with no open order gets a texted-in one, which has no advisor yet: the text-back
  // still goes (their reply lands there, where the store picks up texts nobody owns).
  const answered: ConversationOwner = { ...owner, rules: { ...owner.rules, needsAdvisor: false } };
  return sendAutomated(answered, 'missed_call_text_back', {
    agent: null,
    manual: false,
    from: storeNumber,
    words: (context) => ({ written: written || textBackText(localeOf(context), dealershipOf(context).dealership) }),
    ...(settings.text_back_in_quiet_hours
      ? { sendInQuietHours: true }
      : { notAfter: { at: new Date(Date.now() + NOT_HELD_MS).toISOString(), reason: 'quiet_hours', message: SEND_ERRORS.quiet_hours } }),
  });
}

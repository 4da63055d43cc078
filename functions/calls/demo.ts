/**
 * Calls' part of the demo dealership (functions/lib/boardModule.ts `local.demo`, after the service
 * board's), so `npm start` takes a call: Demo Motors North's service number rings the service desk
 * phone, goes to voicemail with the store's greeting when nobody answers, and a missed call is
 * answered by text (the console's words). Priya's "call customer" rings that desk phone first.
 */
import { getAgent, saveOwnProfile } from '../lib/agents.js';
import { readSettings, writeSettings } from '../lib/settings.js';

const COMPANY = 'cmp_demo';
const NORTH = 'loc_demo_north';
/** The service desk's phone: the number the simulator's dev page answers as. */
export const DEMO_DESK_PHONE = '+16175554210';

export async function seedDemo(): Promise<void> {
  const calls = await readSettings(COMPANY, NORTH, 'service_calls_settings');
  await writeSettings(
    COMPANY,
    NORTH,
    'service_calls_settings',
    {
      ...calls,
      enabled: true,
      ring_to_numbers: [DEMO_DESK_PHONE],
      voicemail_enabled: true,
      voicemail_greeting: 'You have reached the service department of Demo Motors North. Please leave your name and a short message after the tone, and an advisor will get back to you.',
      text_back_enabled: true,
    },
    'seed',
  );
  const advisor = await getAgent(COMPANY, 'agt_advisor');
  if (advisor) {
    const { first_name, last_name, email_notifications_enabled, sms_notifications_enabled, sms_notifications_phone, locale } = advisor;
    await saveOwnProfile(advisor, { first_name, last_name, email_notifications_enabled, sms_notifications_enabled, sms_notifications_phone: sms_notifications_phone ?? null, call_phone: DEMO_DESK_PHONE, locale });
  }
}

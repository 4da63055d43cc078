/** The SIP media application's handler (issue 25): answers each call event with actions. Being written. */
import type { ChimeEvent, ChimeResponse } from './chime.js';

export async function handler(_event: ChimeEvent): Promise<ChimeResponse> {
  return { SchemaVersion: '1.0', Actions: [{ Type: 'Hangup', Parameters: { SipResponseCode: '0' } }] };
}

/**
 * Calls in the console (issue 25): a voicemail plays in the customer's conversation with its
 * length, a call's note is worded in each agent's language from its parameters, the call history
 * tells a call's length and voicemail, and "call customer" follows the call from the advisor's
 * phone to the customer's and says how it ended.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_EVENTS } from '../../shared/calls/events.js';
import type { Call } from '../../shared/customers.js';
import type { Locale } from '../../shared/locales.js';
import type { Message } from '../../shared/messages.js';
import { noteDetails, type NoteParams } from '../../shared/systemNotes.js';
import { CallCustomer } from '../../web/src/components/calls/CallCustomer.js';
import { callStage, callWords, followCall, isPlaceCallRefusal, type CallState } from '../../web/src/components/calls/callStage.js';
import { arrivalPreview } from '../../web/src/components/conversation/arrivalPreview.js';
import { CallHistory } from '../../web/src/components/conversation/CallHistory.js';
import { callsPath } from '../../web/src/components/conversation/customerRequests.js';
import { MessageBubble } from '../../web/src/components/conversation/MessageBubble.js';
import { noteText } from '../../web/src/components/conversation/noteText.js';
import { formatDuration } from '../../web/src/components/conversation/times.js';
import type { ConversationContext } from '../../web/src/components/conversation/conversationContext.js';
import { i18n, initI18n, loadCatalogue } from '../../web/src/lib/i18n.js';
import { readStreamFrame } from '../../web/src/lib/streamEvents.js';
import { aMessage } from './web-service-fixtures.js';

const LANGUAGES: Locale[] = ['en-us', 'de', 'fr'];
const OWNER = { kind: 'repair_order', id: 'ro_1', path: '/api/repair_orders/ro_1', readMarks: 'own' } as const;
const NOW = Date.parse('2025-03-01T10:05:00Z');
const context = (locale: Locale): ConversationContext => ({ agentId: 'agt_1', locationId: 'loc_1', timeZone: 'America/New_York', locale, manager: false, safeMode: false });

beforeAll(async () => {
  await initI18n();
  for (const locale of LANGUAGES) i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
});

async function inLanguage(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

const recording = { id: 'att_1', name: 'voicemail.wav', content_type: 'audio/wav', size: 48_000, metadata: { orig: 'https://files.test/vm.wav', small: '', thumb: '' } };

function voicemail(overrides: Partial<Message['metadata']> = {}): Message {
  return aMessage('vm_1', { text: '', attachments: [recording], metadata: { direction: 'inbound', voicemail: { call_id: 'call_1', duration_seconds: 23 }, ...overrides } });
}

function bubble(message: Message, locale: Locale): string {
  return renderToStaticMarkup(createElement(MessageBubble, { owner: OWNER, message, context: context(locale), now: NOW, retrying: false, onRetry: () => undefined, onChanged: () => undefined }));
}

describe('lengths of calls and voicemails', () => {
  it('read as a phone shows them, in every language alike', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(23)).toBe('0:23');
    expect(formatDuration(151)).toBe('2:31');
    expect(formatDuration(22.6)).toBe('0:23');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(-4)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('a voicemail in the conversation', () => {
  it('says it is a voicemail with its length and plays its recording in a labelled player, fetched only on play', async () => {
    await inLanguage('en-us');
    const html = bubble(voicemail(), 'en-us');
    expect(html).toContain('Voicemail · 0:23');
    expect(html).toMatch(/<audio[^>]*controls=""[^>]*preload="none"[^>]*aria-label="Play the voicemail \(0:23\)"/);
    expect(html).toContain('<source src="https://files.test/vm.wav" type="audio/wav"/>');
    expect(html).toContain('data-voicemail="call_1"');
    // Never an image, never a download link in place of the player.
    expect(html).not.toContain('<img');
    expect(html).not.toContain('download=');
  });

  it("is worded in the agent's language", async () => {
    await inLanguage('de');
    const html = bubble(voicemail(), 'de');
    expect(html).toContain('Sprachnachricht · 0:23');
    expect(html).toContain('aria-label="Sprachnachricht abspielen (0:23)"');
  });

  it('plays any audio a customer sent, labelled with its file name, without calling it a voicemail', async () => {
    await inLanguage('en-us');
    const html = bubble(aMessage('m_audio', { text: 'listen', attachments: [{ ...recording, name: 'noise.mp3', content_type: 'audio/mpeg' }] }), 'en-us');
    expect(html).toMatch(/<audio[^>]*aria-label="File: noise.mp3"/);
    expect(html).not.toContain('Voicemail');
  });

  it('is only ever an inbound message: an outbound text carrying the field shows no voicemail tag', async () => {
    await inLanguage('en-us');
    const html = bubble(voicemail({ direction: 'outbound', status: 'delivered' }), 'en-us');
    expect(html).not.toContain('Voicemail');
  });
});

describe('the desktop notification of an arrived voicemail', () => {
  it('says it is a voicemail and how long, not "attachment", in the agent\'s language', async () => {
    await inLanguage('de');
    expect(arrivalPreview(voicemail(), i18n.t)).toBe('Sprachnachricht · 0:23');
    await inLanguage('en-us');
    expect(arrivalPreview(voicemail(), i18n.t)).toBe('Voicemail · 0:23');
    expect(arrivalPreview(aMessage('m_text', { text: 'On my way' }), i18n.t)).toBe('On my way');
    expect(arrivalPreview(aMessage('m_pic', { text: '', attachments: [{ ...recording, content_type: 'image/jpeg' }] }), i18n.t)).toBe(i18n.t('conversation.attachment_only'));
  });
});

describe("a call's note", () => {
  const note = (params: NoteParams['call']): Message =>
    aMessage('note_call', { text: 'Stored English', behaviour: 'GENERIC_SYSTEM', metadata: { direction: 'system', note: noteDetails({ key: 'call', params }) } });
  const said = async (locale: Locale, params: NoteParams['call']) => {
    await inLanguage(locale);
    return noteText(note(params), i18n.t, locale);
  };
  const inbound = { direction: 'inbound', agent_name: '', duration_seconds: 0 } as const;
  const outbound = { direction: 'outbound', agent_name: 'Anna Weber', duration_seconds: 0 } as const;

  it('says a missed call, a voicemail left, a busy line, who answered and for how long', async () => {
    expect(await said('en-us', { ...inbound, outcome: 'no-answer' })).toBe('Missed call');
    expect(await said('en-us', { ...inbound, outcome: 'voicemail', duration_seconds: 23 })).toBe('Missed call · voicemail left');
    expect(await said('en-us', { ...inbound, outcome: 'busy' })).toBe('Missed call: the line was busy');
    expect(await said('en-us', { ...inbound, outcome: 'answered', agent_name: 'Anna Weber', duration_seconds: 151 })).toBe('Call answered by Anna Weber · 2:31');
    // A ring-to number that is nobody's in the console.
    expect(await said('en-us', { ...inbound, outcome: 'answered', duration_seconds: 151 })).toBe('Call answered · 2:31');
    expect(await said('en-us', { ...inbound, outcome: 'failed' })).toBe("The customer's call did not go through");
  });

  it("says which advisor called the customer and how it went", async () => {
    expect(await said('en-us', { ...outbound, outcome: 'no-answer' })).toBe('Anna Weber called the customer: no answer');
    expect(await said('en-us', { ...outbound, outcome: 'answered', duration_seconds: 95 })).toBe('Anna Weber called the customer · 1:35');
    expect(await said('en-us', { ...outbound, outcome: 'busy', agent_name: '' })).toBe('An advisor called the customer: the line was busy');
  });

  it("is worded in each agent's own language, never the stored English", async () => {
    expect(await said('de', { ...inbound, outcome: 'voicemail' })).toBe('Verpasster Anruf · Sprachnachricht hinterlassen');
    expect(await said('fr', { ...outbound, outcome: 'no-answer' })).toBe('Anna Weber a appelé le client : pas de réponse');
    expect(await said('de', { ...inbound, outcome: 'answered', agent_name: 'Anna Weber', duration_seconds: 151 })).toBe('Anruf angenommen von Anna Weber · 2:31');
  });

  it('keeps the stored English for an outcome this console has no words for', async () => {
    expect(await said('de', { ...inbound, outcome: 'transferred' as NoteParams['call']['outcome'] })).toBe('Stored English');
  });
});

describe('the call history', () => {
  const call = (id: string, overrides: Partial<Call>): Call => ({
    id,
    customer_id: 'cus_1',
    board: 'service',
    agent: null,
    direction: 'inbound',
    status: 'completed',
    dial_status: 'no-answer',
    created_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  });
  const render = (calls: Call[]) =>
    renderToStaticMarkup(createElement(SWRConfig, { value: { fallback: { [callsPath('cus_1', undefined)]: { calls } } } }, createElement(CallHistory, { customerId: 'cus_1', context: context('en-us') })));

  it("tells the length of the console's own calls and marks the one that left a voicemail", async () => {
    await inLanguage('en-us');
    const html = render([call('c1', { voicemail: true, duration_seconds: 0 }), call('c2', { dial_status: 'answered', duration_seconds: 151 })]);
    expect(html.match(/data-testid="call-voicemail"/g)).toHaveLength(1);
    expect(html).toContain('Voicemail');
    expect(html).toContain('Length 2:31');
  });

  it("says nothing of length for a call the DMS reported, which does not know it", async () => {
    await inLanguage('en-us');
    const html = render([call('c3', {})]);
    expect(html).toContain('No answer');
    expect(html).not.toContain('call-duration');
    expect(html).not.toContain('call-voicemail');
  });
});

describe('"call customer"', () => {
  const placed: Call = { id: 'call_9', customer_id: 'cus_1', board: 'service', agent: { id: 'agt_1' }, direction: 'outbound', status: 'ringing', dial_status: null, created_at: '2025-03-01T10:00:00.000Z' };
  const start: CallState = { phase: 'call', call: placed, reachedCustomer: false, connectedAt: null, hangingUp: false };
  const words = async (state: CallState, now = NOW) => {
    await inLanguage('en-us');
    const said = callWords(state, now);
    return said ? i18n.t(said.key, said.values) : null;
  };

  it("rings the advisor's phone, then the customer's, then runs the connected call's time, then says its length", async () => {
    expect(callStage(placed)).toBe('ringing_agent');
    expect(await words({ phase: 'placing' })).toBe('Calling your phone…');
    expect(await words(start)).toBe('Calling your phone…');
    const customerRings = followCall(start, { ...placed, status: 'in-progress' }, NOW);
    expect(await words(customerRings)).toBe('Calling the customer…');
    const connected = followCall(customerRings, { ...placed, status: 'in-progress', dial_status: 'answered' }, NOW);
    expect(await words(connected, NOW + 65_000)).toBe('Connected · 1:05');
    // A repeat of the same news does not restart the clock.
    const repeated = followCall(connected, { ...placed, status: 'in-progress', dial_status: 'answered' }, NOW + 30_000);
    expect(await words(repeated, NOW + 65_000)).toBe('Connected · 1:05');
    const ended = followCall(repeated, { ...placed, status: 'completed', dial_status: 'answered', duration_seconds: 64 }, NOW + 66_000);
    expect(await words(ended)).toBe('Call ended · 1:04');
  });

  it("says whose phone was not picked up: the customer's, or the advisor's own", async () => {
    const customerRang = followCall(start, { ...placed, status: 'in-progress' }, NOW);
    expect(await words(followCall(customerRang, { ...placed, status: 'completed', dial_status: 'no-answer' }, NOW))).toBe("The customer didn't answer.");
    expect(await words(followCall(start, { ...placed, status: 'completed', dial_status: 'no-answer' }, NOW))).toBe("You didn't pick up your phone, so the customer wasn't called.");
    expect(await words(followCall(customerRang, { ...placed, status: 'completed', dial_status: 'busy' }, NOW))).toBe("The customer's line was busy.");
    expect(await words(followCall(start, { ...placed, status: 'failed' }, NOW))).toBe("The call didn't go through.");
  });

  it('never goes back: the hang-up\'s answer, read before the end it caused, arriving after it changes nothing', async () => {
    const connected = followCall(start, { ...placed, status: 'in-progress', dial_status: 'answered' }, NOW);
    const ended = followCall(connected, { ...placed, status: 'completed', dial_status: 'answered', duration_seconds: 12 }, NOW + 12_000);
    expect(followCall(ended, { ...placed, status: 'in-progress', dial_status: 'answered' }, NOW + 13_000)).toBe(ended);
    expect(await words(ended)).toBe('Call ended · 0:12');
    // Nor does a late "your phone rings" undo the customer's phone ringing.
    const customerRings = followCall(start, { ...placed, status: 'in-progress' }, NOW);
    expect(followCall(customerRings, placed, NOW)).toBe(customerRings);
  });

  it("ignores news of another call, and stops waiting for a hang-up once the call ended", () => {
    expect(followCall(start, { ...placed, id: 'call_other', status: 'completed' }, NOW)).toBe(start);
    const hangingUp: CallState = { ...start, hangingUp: true };
    const ended = followCall(hangingUp, { ...placed, status: 'completed', dial_status: null }, NOW);
    expect(ended.phase === 'call' && ended.hangingUp).toBe(false);
  });

  it('words every refusal of the server, and only those', async () => {
    expect(isPlaceCallRefusal('no_agent_phone')).toBe(true);
    expect(isPlaceCallRefusal('opted_out')).toBe(false);
    expect(isPlaceCallRefusal(null)).toBe(false);
    expect(await words({ phase: 'refused', refusal: 'no_agent_phone' })).toBe('Add the phone we should ring first in My Profile.');
    expect(await words({ phase: 'refused', refusal: 'call_in_progress' })).toBe("You're already on a call.");
  });

  it('offers the call before any is placed', async () => {
    await inLanguage('de');
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(CallCustomer, { customerId: 'cus_1', board: 'service', owner: { kind: 'repair_order', id: 'ro_1' } })));
    expect(html).toContain('Kunden anrufen');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('Auflegen');
  });
});

describe('the calls event on the stream', () => {
  const notice = {
    call: { id: 'call_1', customer_id: 'cus_1', board: 'service', agent: { id: 'agt_1' }, direction: 'inbound', status: 'ringing', dial_status: null, created_at: '2025-03-01T10:00:00.000Z' },
    location_id: 'loc_1',
    customer: { id: 'cus_1', name: 'Maria Lopez', phone: '+16175550101' },
    owner: { kind: 'repair_order', id: 'ro_1' },
    owner_label: 'RO 48213',
    link: '/?ro=ro_1',
  };

  it('reaches the listeners once the calls feature told the reader its schema, and a malformed one never does', () => {
    expect(readStreamFrame('call.changed', JSON.stringify(notice))).toBeNull();
    expect(readStreamFrame('call.changed', JSON.stringify(notice), CALL_EVENTS)).toEqual({ type: 'call.changed', data: notice });
    expect(readStreamFrame('call.changed', JSON.stringify({ ...notice, call: { id: 'call_1' } }), CALL_EVENTS)).toBeNull();
  });
});

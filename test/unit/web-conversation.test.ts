/**
 * The shared conversation (issue 11 part 2) is not the service board's: an appointment owns one the
 * same way a repair order does. Its pages come from the appointment's own path, live events reach
 * it only when they name that appointment (an appointment and a repair order may share an id), the
 * texting rules take the owner's rules as data, and the send route's refusals and warnings are
 * worded from the locale files by id in every language.
 */
import { appointmentConversation } from '../../shared/appointments/routes.js';
import { repairOrderConversation } from '../../shared/repairOrders/routes.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerRef } from '../../shared/conversations.js';
import { pickerLocales } from '../../shared/locales.js';
import { SEND_ERRORS, SEND_WARNINGS, type SendErrorId } from '../../shared/sendingTexts.js';
import { noteDetails } from '../../shared/systemNotes.js';
import { composerState, type TextingSubject } from '../../web/src/components/conversation/composerRules.js';
import { Conversation } from '../../web/src/components/conversation/Conversation.js';
import type { ConversationContext } from '../../web/src/components/conversation/conversationContext.js';
import { conversationMessages, eventMessage, mergeMessage, messagesPagePath, type MessagePage } from '../../web/src/components/conversation/conversationPages.js';
import { noteText } from '../../web/src/components/conversation/noteText.js';
import { i18n, initI18n, loadCatalogue } from '../../web/src/lib/i18n.js';
import { sendRefusalText, sendWarningText } from '../../web/src/lib/sendRefusals.js';
import { readStreamFrame } from '../../web/src/lib/streamEvents.js';
import { aCustomer, aMessage } from './web-service-fixtures.js';

const appointment = appointmentConversation('apt_7');
const context: ConversationContext = { agentId: 'agt_1', locationId: 'loc_1', timeZone: 'America/New_York', locale: 'en-us', manager: false, safeMode: false };
const LANGUAGES = pickerLocales(false);

beforeAll(async () => {
  await initI18n();
  for (const locale of LANGUAGES) i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  await i18n.changeLanguage('en-us');
});

function firstPage(...messages: ReturnType<typeof aMessage>[]): MessagePage {
  return { messages, meta: { paging: { total: messages.length, current_offset: 0, per_page: 10 } } };
}

describe('a conversation owned by an appointment', () => {
  it("pages the appointment's own messages: the latest 10 first, older ones by offset", () => {
    expect(messagesPagePath(appointment, 0)).toBe('/api/appointments/apt_7/messages?offset=0&limit=10');
    expect(messagesPagePath(appointment, 2)).toBe('/api/appointments/apt_7/messages?offset=20&limit=10');
    expect(messagesPagePath(repairOrderConversation('apt_7'), 0)).toBe('/api/repair_orders/apt_7/messages?offset=0&limit=10');
  });

  it('merges a live message that names the appointment, and not one of a repair order with the same id', () => {
    const pages = [firstPage(aMessage('m1', { created_at: '2025-03-01T10:00:00.000Z' }))];
    const reply = aMessage('m2', { created_at: '2025-03-01T10:05:00.000Z', text: 'See you Tuesday' });
    // Read from the stream as the browser reads it.
    const mine = readStreamFrame('message.created', JSON.stringify({ appointment_id: 'apt_7', location_id: 'loc_1', message: reply }));
    const orders = readStreamFrame('message.created', JSON.stringify({ repair_order_id: 'apt_7', location_id: 'loc_1', message: reply }));
    expect(mine?.type).toBe('message.created');
    expect(orders?.type).toBe('message.created');
    if (mine?.type !== 'message.created' || orders?.type !== 'message.created') return;

    const fromAppointment = eventMessage(appointment, mine.data);
    expect(fromAppointment?.id).toBe('m2');
    expect(conversationMessages(mergeMessage(pages, fromAppointment!)).map((m) => m.id)).toEqual(['m1', 'm2']);

    expect(eventMessage(appointment, orders.data)).toBeNull();
    expect(eventMessage({ kind: 'repair_order', id: 'apt_7' }, orders.data)?.id).toBe('m2');
    expect(eventMessage(appointment, { appointment_id: 'apt_8', message: reply })).toBeNull();
  });

  it("applies the owner's rules as data: open unless the customer, a closed owner or the owner's own refusal stops it", () => {
    const subject = (over: Partial<TextingSubject> = {}): TextingSubject => ({ customer: aCustomer(), closed: false, ownerRefusal: null, ...over });
    expect(composerState(subject(), { safeMode: false })).toEqual({ kind: 'open', warning: null });
    expect(composerState(subject({ ownerRefusal: 'no_advisor' }), { safeMode: false })).toEqual({ kind: 'disabled', reason: 'no_advisor' });
    expect(composerState(subject({ closed: true }), { safeMode: false })).toEqual({ kind: 'disabled', reason: 'closed' });
    expect(composerState(subject({ customer: aCustomer({ opt_in: 'out' }) }), { safeMode: false })).toEqual({ kind: 'hidden', reason: 'opted_out' });
  });

  it('renders for the appointment with its title, its read toggle and a composer, or why there is none', () => {
    const render = (subject: TextingSubject) =>
      renderToStaticMarkup(
        createElement(Conversation, {
          owner: appointment,
          subject,
          title: 'Dana Whitfield',
          subtitle: 'Tue 9:30 AM · 2019 Honda Civic',
          unread: true,
          onToggleUnread: () => undefined,
          context,
        }),
      );
    const open = render({ customer: aCustomer(), closed: false, ownerRefusal: null });
    expect(open).toContain('data-owner-kind="appointment"');
    expect(open).toContain('data-owner-id="apt_7"');
    expect(open).toContain('Dana Whitfield');
    expect(open).toContain('Tue 9:30 AM · 2019 Honda Civic');
    expect(open).toContain('data-testid="composer"');
    expect(open).toContain('Mark read');
    expect(open).not.toContain('repair order');

    const optedOut = render({ customer: aCustomer({ opt_in: 'out' }), closed: false, ownerRefusal: null });
    expect(optedOut).not.toContain('data-testid="composer"');
    expect(optedOut).toContain('data-testid="opted-out-notice"');
  });
});

describe('refusals and warnings of the send route, by id', () => {
  const nonEnglish = LANGUAGES.filter((l) => !l.startsWith('en'));

  it('words every refusal id from the locale files in every language', async () => {
    for (const locale of LANGUAGES) {
      await i18n.changeLanguage(locale);
      for (const id of Object.keys(SEND_ERRORS) as SendErrorId[]) {
        const text = sendRefusalText(id);
        expect(text, `${locale} ${id}`).toBeTruthy();
        // A missing key would come back as the key itself.
        expect(text, `${locale} ${id}`).not.toMatch(/^[a-z_]+\.[a-z_]+$/);
        if (nonEnglish.includes(locale)) expect(text, `${locale} ${id}`).not.toBe(SEND_ERRORS[id]);
      }
    }
  });

  it('words every warning by its id, reads an older English answer as its id, and shows an unknown warning as the server wrote it', async () => {
    await i18n.changeLanguage('de');
    for (const [id, english] of Object.entries(SEND_WARNINGS)) {
      const text = sendWarningText(id);
      expect(text).not.toBe(english);
      expect(text).not.toMatch(/^composer\./);
      expect(sendWarningText(english)).toBe(text);
    }
    expect(sendWarningText('Something new the server says')).toBe('Something new the server says');
    expect(sendRefusalText('something_new')).toBeNull();
  });

  it("words an appointment's notes in the agent's language", async () => {
    await i18n.changeLanguage('de');
    const note = aMessage('n1', { behaviour: 'GENERIC_SYSTEM', text: 'Appointment confirmed', metadata: { direction: 'system', note: noteDetails({ key: 'appointment_confirmed', params: { by: 'customer' } }) } });
    expect(noteText(note, i18n.t, 'de')).toBe('Der Kunde hat den Termin mit einer Antwort auf die Erinnerung bestätigt.');
    const soon = aMessage('n2', { behaviour: 'GENERIC_SYSTEM', text: 'Reminder will be sent shortly.', metadata: { direction: 'system', note: noteDetails({ key: 'reminder_soon', params: {} }) } });
    expect(noteText(soon, i18n.t, 'de')).toBe('Die Erinnerung wird in Kürze gesendet.');
  });
});

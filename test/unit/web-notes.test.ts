/**
 * System notes in the agent's language (issue 10): a note stored as a key with parameters is worded
 * by each console in its own language, with counts and amounts in that language's format; notes
 * stored without a key still show their English text. And a vehicle-ready text an agent sent is
 * labelled with the agent, not "Automated".
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/locales.js';
import type { Message } from '../../shared/messages.js';
import { noteDetails, readNote, type SystemNote } from '../../shared/systemNotes.js';
import { MessageBubble, canRetry, failureText } from '../../web/src/components/conversation/MessageBubble.js';
import { fromWallClockInput, wallClockInput } from '../../web/src/components/conversation/times.js';
import { SystemNote as SystemNoteView } from '../../web/src/components/conversation/SystemNote.js';
import { noteText } from '../../web/src/components/conversation/noteText.js';
import type { BoardContext } from '../../web/src/features/serviceBoard/boardContext.js';
import { i18n, initI18n, loadCatalogue, loadFeatureCatalogue } from '../../web/src/lib/i18n.js';
import { claimFailureText } from '../../web/src/features/inspections/mpiFailures.js';
import { ApiError } from '../../web/src/lib/request.js';
import { serverRefusalText } from '../../web/src/lib/sendRefusals.js';
import { aMessage } from './web-service-fixtures.js';

const LANGUAGES: Locale[] = ['en-us', 'de', 'el'];
/** The conversation the bubbles are in (their reactions' path). */
const OWNER = { kind: 'repair_order', id: 'ro_1', path: '/api/repair_orders/ro_1', readMarks: 'own' } as const;

beforeAll(async () => {
  await initI18n();
  for (const locale of LANGUAGES) {
    i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
    // The MPI screens' refusals word the holder in the inspections feature's own words.
    i18n.addResourceBundle(locale, 'inspections', await loadFeatureCatalogue(locale, 'inspections'));
  }
});

function noteMessage(note: SystemNote, text: string, extra: Record<string, string> = {}): Message {
  return aMessage('note_1', { text, behaviour: 'GENERIC_SYSTEM', metadata: { direction: 'system', note: { ...extra, ...noteDetails(note) } } });
}

async function said(locale: Locale, message: Message): Promise<string> {
  await i18n.changeLanguage(locale);
  return noteText(message, i18n.t, locale);
}

const mpi = noteMessage({ key: 'mpi_completed', params: { technician: 'Luis Ortega', red: 1, yellow: 2 } }, 'Luis Ortega completed the MPI: 1 red, 2 yellow');
const approved = noteMessage(
  { key: 'recommendation_decided', params: { decision: 'approved', by: 'customer', agent_name: '', item: 'Front brake pads', amount_in_cents: 124000, currency: '$' } },
  'Customer approved Front brake pads ($1,240.00)',
);

describe('stored note details', () => {
  it('read back as the key and typed parameters they were written from', () => {
    const note: SystemNote = { key: 'opt_out', params: { initiator: 'customer', method: 'sms_keyword', words: 'STOP', opcode: '', agent_name: '', shared_phone: true } };
    expect(noteDetails(note)).toMatchObject({ key: 'opt_out', shared_phone: 'true', words: 'STOP' });
    expect(readNote(noteDetails(note))).toEqual(note);
    expect(readNote(noteDetails({ key: 'mpi_completed', params: { technician: 'A B', red: 3, yellow: 0 } }))).toEqual({ key: 'mpi_completed', params: { technician: 'A B', red: 3, yellow: 0 } });
  });

  it('are no key for old notes, unknown keys or broken parameters', () => {
    expect(readNote({ technician: 'Luis', red: '1', yellow: '2' })).toBeNull();
    expect(readNote({ key: 'weather_report' })).toBeNull();
    expect(readNote({ key: 'mpi_completed', technician: 'Luis', red: 'many', yellow: '2' })).toBeNull();
    expect(readNote(null)).toBeNull();
  });
});

describe('notes in the agent language', () => {
  it('word the MPI completion with plural-correct counts', async () => {
    expect(await said('en-us', mpi)).toBe('Luis Ortega completed the MPI: 1 red, 2 yellow');
    expect(await said('de', mpi)).toBe('Luis Ortega hat den MPI-Bogen abgeschlossen: 1 rot, 2 gelb');
    expect(await said('el', mpi)).toBe('Luis Ortega ολοκλήρωσε το φύλλο MPI: 1 κόκκινο, 2 κίτρινα');
  });

  it('write amounts in the agent language number format with the location currency', async () => {
    expect(await said('en-us', approved)).toBe('Customer approved Front brake pads ($1,240.00)');
    expect(await said('de', approved)).toBe('Kunde hat Front brake pads ($1.240,00) genehmigt');
    expect(await said('el', approved)).toBe('Ο πελάτης ενέκρινε: Front brake pads ($1.240,00)');
  });

  it('name the agent who decided, and say a decision set back', async () => {
    const byAgent = noteMessage(
      { key: 'recommendation_decided', params: { decision: 'undecided', by: 'agent', agent_name: 'Priya Shah', item: 'Wiper blades', amount_in_cents: 3500, currency: '€' } },
      'Priya Shah set Wiper blades (€35.00) back to undecided',
    );
    expect(await said('en-us', byAgent)).toBe('Priya Shah set Wiper blades (€35.00) back to undecided');
    expect(await said('de', byAgent)).toBe('Priya Shah hat Wiper blades (€35,00) wieder auf offen gesetzt');
    expect(await said('el', byAgent)).toBe('Priya Shah επανέφερε σε εκκρεμότητα: Wiper blades (€35,00)');
  });

  it('say who closed the order', async () => {
    const dms = noteMessage({ key: 'order_closed', params: { closed_by: 'dms' } }, 'Order has been closed.');
    const idle = noteMessage({ key: 'order_closed', params: { closed_by: 'inactivity' } }, 'Order has been closed.');
    expect(await said('en-us', dms)).toBe('The DMS closed the repair order.');
    expect(await said('de', idle)).toBe('Der Werkstattauftrag wurde nach längerer Zeit ohne Aktivität automatisch geschlossen.');
    expect(await said('el', dms)).toBe('Το DMS έκλεισε την εντολή επισκευής.');
  });

  it('say an inventory order was closed, by an agent or for want of activity', async () => {
    const byAgent = noteMessage({ key: 'inventory_order_closed', params: { by: 'agent' } }, 'Order has been closed.');
    const idle = noteMessage({ key: 'inventory_order_closed', params: { by: 'inactivity' } }, 'Order has been closed.');
    expect(await said('en-us', byAgent)).toBe('Order has been closed.');
    expect(await said('de', byAgent)).toBe('Die Bestellung wurde abgeschlossen.');
    expect(await said('el', idle)).toBe('Η παραγγελία έκλεισε αυτόματα μετά από διάστημα χωρίς δραστηριότητα.');
  });

  it("quote the customer's own opt-out words and tell a change that came from a shared number", async () => {
    const stop = noteMessage(
      { key: 'opt_out', params: { initiator: 'customer', method: 'sms_keyword', words: 'STOP', opcode: '', agent_name: '', shared_phone: true } },
      'Customer opted out by text: "STOP". The change came from another customer record with the same cell number.',
    );
    expect(await said('en-us', stop)).toBe('Customer opted out by text: "STOP". The change came from another customer record with the same cell number.');
    expect(await said('de', stop)).toBe('Kunde hat SMS per Textnachricht abbestellt: „STOP“. Die Änderung stammt von einem anderen Kundendatensatz mit derselben Mobilnummer.');
    const byAgent = noteMessage(
      { key: 'opt_out', params: { initiator: 'agent', method: 'agent_opt_out', words: '', opcode: '', agent_name: 'Dana Whitfield', shared_phone: false } },
      'Opted out by Dana Whitfield.',
    );
    expect(await said('el', byAgent)).toBe('Διακοπή μηνυμάτων από Dana Whitfield.');
    const dmsIn = noteMessage(
      { key: 'opt_in', params: { initiator: 'dms', method: 'dms_feed', words: '', opcode: 'TXT', agent_name: '', shared_phone: false } },
      'Opted in by the DMS (op code TXT).',
    );
    expect(await said('de', dmsIn)).toBe('Zustimmung über das DMS (Arbeitscode TXT).');
    // A record that got an opted-out number (a changed cell) says why it is opted out, not that the customer texted.
    const inherited = noteMessage(
      { key: 'opt_out', params: { initiator: 'customer', method: 'inherited_from_number', words: '', opcode: '', agent_name: '', shared_phone: false } },
      'Customer opted out (Inherited from the number +16175551004, opted out).',
    );
    expect(await said('en-us', inherited)).toBe('Opted out: another customer with the same cell number had opted out.');
  });

  it('say which text will not be delivered and why, from the reason id', async () => {
    const gate = noteMessage({ key: 'not_delivered', params: { kind: 'vehicle_ready', reason_id: 'opcode_missing', opcode: 'TXT' } }, "Notification won't be delivered.", {
      reason: 'The repair order does not carry the op code TXT',
    });
    expect(await said('en-us', gate)).toBe("The vehicle-ready text won't be delivered: The repair order does not carry the op code TXT");
    expect(await said('de', gate)).toBe('Die Fahrzeug-fertig-Nachricht wird nicht zugestellt: Der Werkstattauftrag enthält den Arbeitscode TXT nicht');
    expect(await said('el', gate)).toBe('Το μήνυμα «όχημα έτοιμο» δεν θα παραδοθεί: Η εντολή επισκευής δεν έχει τον κωδικό εργασίας TXT');
    const refused = noteMessage({ key: 'not_delivered', params: { kind: 'work_declined', reason_id: 'landline', opcode: '' } }, "Notification won't be delivered.");
    expect(await said('de', refused)).toContain('Die Erinnerung an abgelehnte Arbeiten wird nicht zugestellt: ');
    expect(await said('de', refused)).not.toContain('Landline');
    // A reason this console has no words for is shown as the server stored it.
    const unknown = noteMessage({ key: 'not_delivered', params: { kind: 'vehicle_ready', reason_id: 'new_rule', opcode: '' } }, "Notification won't be delivered.", {
      reason: 'A rule from a newer server',
    });
    expect(await said('el', unknown)).toBe('Το μήνυμα «όχημα έτοιμο» δεν θα παραδοθεί: A rule from a newer server');
  });

  it('show an old note without a key as it was stored', async () => {
    const old = aMessage('old', { text: 'Luis Ortega completed the MPI: 1 red, 2 yellow', behaviour: 'MPI_SHEET_COMPLETED_BY_TECH', metadata: { direction: 'system', note: { technician: 'Luis Ortega' } } });
    expect(await said('de', old)).toBe('Luis Ortega completed the MPI: 1 red, 2 yellow');
  });
});

const context = (locale: Locale): BoardContext => ({ agentId: 'agt_1', locationId: 'loc_1', timeZone: 'America/New_York', locale, manager: false, safeMode: false });

describe('the conversation', () => {
  it('renders a note with the behaviour label and the worded note, not the stored English', async () => {
    await i18n.changeLanguage('de');
    const html = renderToStaticMarkup(createElement(SystemNoteView, { message: { ...mpi, behaviour: 'MPI_SHEET_COMPLETED_BY_TECH' }, context: context('de'), now: Date.parse('2025-03-01T10:05:00Z') }));
    expect(html).toContain('MPI-Bogen vom Techniker abgeschlossen');
    expect(html).toContain('Luis Ortega hat den MPI-Bogen abgeschlossen: 1 rot, 2 gelb');
    expect(html).not.toContain('completed the MPI');
  });

  it("labels a text an agent sent with the button with the agent's name, and only a console's own text as automated", async () => {
    await i18n.changeLanguage('en-us');
    const agent = { id: 'agt_1', first_name: 'Dana', last_name: 'Whitfield' };
    const base = { direction: 'outbound' as const, status: 'delivered' as const, automated: 'vehicle_ready' as const };
    const render = (message: Message) =>
      renderToStaticMarkup(createElement(MessageBubble, { owner: OWNER, message, context: context('en-us'), now: Date.parse('2025-03-01T10:05:00Z'), retrying: false, onRetry: () => undefined, onChanged: () => undefined }));
    const byAgent = render(aMessage('m1', { agent, metadata: base }));
    expect(byAgent).toContain('Dana Whitfield');
    expect(byAgent).not.toContain('Automated');
    const byConsole = render(aMessage('m2', { agent: null, metadata: base }));
    expect(byConsole).toContain('Automated');
  });
});

describe('why a text failed', () => {
  const failed = (error_code: string | null, error_text: string | null) =>
    aMessage('m_failed', { metadata: { direction: 'outbound', status: 'not sent', error_code, error_text } });

  it("words the carrier's codes, a rule that held the text back and an unknown code in the agent language", async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, string>) => string;
    expect(failureText(t, failed('LANDLINE', 'Landline numbers do not receive texts'))).toBe('Festnetznummern können keine SMS empfangen');
    expect(failureText(t, failed('SPAM', 'The carrier blocks links'))).toBe('Der Mobilfunkanbieter blockiert Links');
    expect(failureText(t, failed('30007', 'Unknown error (code 30007)'))).toBe('Unbekannter Fehler (Code 30007)');
    expect(failureText(t, failed('repair_order_gone', "Notification won't be delivered."))).toBe('Die Benachrichtigung wird nicht zugestellt.');
    expect(failureText(t, failed('opted_out', "Notification won't be delivered."))).not.toContain('Notification');
  });

  it('shows the stored text of an old failure without a code', async () => {
    await i18n.changeLanguage('el');
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, string>) => string;
    expect(failureText(t, failed(null, 'Something the carrier said'))).toBe('Something the carrier said');
  });

  it('renders the failure under the bubble in the agent language', async () => {
    await i18n.changeLanguage('el');
    const html = renderToStaticMarkup(
      createElement(MessageBubble, { owner: OWNER, message: failed('LANDLINE', 'Landline numbers do not receive texts'), context: context('el'), now: Date.parse('2025-03-01T10:05:00Z'), retrying: false, onRetry: () => undefined, onChanged: () => undefined }),
    );
    expect(html).toContain('Τα σταθερά τηλέφωνα δεν λαμβάνουν μηνύματα');
    expect(html).not.toContain('Landline');
  });
});

describe('server refusals in the agent language', () => {
  it("word the gatekeeper's reason and the order actions' refusals, and leave unknown ids to the server text", async () => {
    await i18n.changeLanguage('el');
    expect(serverRefusalText({ error: { id: 'gatekeeper', message: 'The customer has not opted in', reason: 'not_opted_in' } })).toBe('Ο πελάτης δεν έχει συναινέσει');
    expect(serverRefusalText({ error: { id: 'gatekeeper', message: 'whatever' } })).toBe('Οι ρυθμίσεις gatekeeper δεν επιτρέπουν αυτό το μήνυμα σε αυτόν τον πελάτη');
    expect(serverRefusalText({ error: { id: 'missing_agent', message: 'Unable due to missing agent for RO' } })).toBe('Δεν είναι δυνατό επειδή η εντολή δεν έχει σύμβουλο');
    await i18n.changeLanguage('de');
    expect(serverRefusalText({ error: { id: 'opted_out_action', message: "Can't do this action on an opted-out customer" } })).toBe(
      'Diese Aktion ist nicht möglich, da der Kunde die SMS abbestellt hat',
    );
    expect(serverRefusalText({ error: { id: 'something_new', message: 'New words' } })).toBeNull();
  });

  it('say who already claimed an MPI in the agent language, and leave an unknown refusal to the server words', async () => {
    await i18n.changeLanguage('de');
    const claimed = { error: { id: 'already_claimed', message: 'This MPI has already been claimed by Luis Ortega', holder: { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' } } };
    expect(claimFailureText(new ApiError({ kind: 'expected' }, 409, claimed, claimed.error.message))).toBe('Diese MPI wurde bereits von Luis Ortega übernommen');
    const novel = { error: { id: 'sheet_on_fire', message: 'The sheet is on fire' } };
    expect(claimFailureText(new ApiError({ kind: 'expected' }, 409, novel, novel.error.message))).toBe('The sheet is on fire');
  });
});

describe('a held text in the conversation (issue 18)', () => {
  const render = (message: Message, locale: Locale) =>
    renderToStaticMarkup(
      createElement(MessageBubble, { owner: OWNER, message, context: context(locale), now: Date.parse('2025-03-01T10:05:00Z'), retrying: false, onRetry: () => undefined, onChanged: () => undefined }),
    );
  const held = aMessage('m_held', { text: 'Pick-up at 6', metadata: { direction: 'outbound', status: 'scheduled', send_at: '2025-03-02T13:00:00Z' } });
  const cancelled = aMessage('m_cancelled', { metadata: { direction: 'outbound', status: 'not sent', error_code: 'cancelled', error_text: 'Cancelled by Dana Whitfield' } });

  it('offers Edit and Cancel on a scheduled text, with when it goes, in the agent language', async () => {
    await i18n.changeLanguage('de');
    const html = render(held, 'de');
    expect(html).toContain('data-testid="held-edit"');
    expect(html).toContain('Bearbeiten');
    expect(html).toContain('Stornieren');
    expect(html).toContain('Geplant für');
    expect(render(cancelled, 'de')).not.toContain('held-edit');
  });

  it('shows a cancelled text as cancelled, not as a failure, and offers no retry', async () => {
    await i18n.changeLanguage('el');
    const html = render(cancelled, 'el');
    expect(html).toContain('Ακυρώθηκε');
    expect(html).not.toContain('bubble--failed');
    expect(html).not.toContain('message-error');
    expect(canRetry(cancelled)).toBe(false);
    expect(canRetry(aMessage('m_not_sent', { metadata: { direction: 'outbound', status: 'not sent', error_code: 'closed' } }))).toBe(true);
  });

  it('says why a held reminder did not go, and words the refusals of a text that went meanwhile', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, string>) => string;
    const reminder = aMessage('m_rem', { metadata: { direction: 'outbound', status: 'not sent', error_code: 'appointment_cancelled', error_text: "Notification won't be delivered." } });
    expect(failureText(t, reminder)).toBe('Der Termin wurde abgesagt');
    expect(serverRefusalText({ error: { id: 'already_sent', message: 'This text has already gone' } })).toBe('Diese Nachricht ist bereits verschickt');
    expect(serverRefusalText({ error: { id: 'not_scheduled', message: 'This text is no longer scheduled' } })).toBe('Diese Nachricht ist nicht mehr geplant');
  });

  it("edits the time on the store's wall clock, whatever the browser's zone", () => {
    expect(wallClockInput('2025-03-02T13:00:00Z', 'America/New_York')).toBe('2025-03-02T08:00');
    expect(fromWallClockInput('2025-03-02T08:30', 'America/New_York')).toBe('2025-03-02T13:30:00.000Z');
    // Summer time: the same wall clock is an hour earlier in UTC.
    expect(fromWallClockInput('2025-07-02T08:30', 'America/New_York')).toBe('2025-07-02T12:30:00.000Z');
    expect(fromWallClockInput('', 'America/New_York')).toBeNull();
  });
});

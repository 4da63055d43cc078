/**
 * A system note in the agent's language (issue 10): the note's key and parameters
 * (shared/systemNotes.ts) worded from the locale files, with counts and amounts written the way
 * the agent's language writes them. A note stored without a key (written before keys existed)
 * shows its stored English text.
 */
import type { TFunction } from 'i18next';
import { CALL_OUTCOMES } from '../../../../shared/calls/calls.js';
import { intlTag, type Locale } from '../../../../shared/locales.js';
import type { Message } from '../../../../shared/messages.js';
import { formatAmount } from '../../../../shared/money.js';
import { readNote, quotesCustomerWords, type ConsentNoteParams, type NoteParams } from '../../../../shared/systemNotes.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import { formatDuration } from './times.js';

function mpiCompleted(p: NoteParams['mpi_completed'], t: TFunction, locale: Locale): string {
  const number = new Intl.NumberFormat(intlTag(locale));
  return t('notes.mpi_completed', {
    technician: p.technician,
    red: t('notes.red_items', { count: p.red, n: number.format(p.red) }),
    yellow: t('notes.yellow_items', { count: p.yellow, n: number.format(p.yellow) }),
  });
}

function recommendationDecided(p: NoteParams['recommendation_decided'], t: TFunction, locale: Locale): string {
  const values = { agent: p.agent_name, item: p.item, amount: formatAmount(p.amount_in_cents, locale, p.currency) };
  const by = p.by === 'agent' && p.agent_name ? 'agent' : 'customer';
  return t(`notes.recommendation_${p.decision}_${by}`, values);
}

function consentChanged(status: 'out' | 'in', p: ConsentNoteParams, t: TFunction): string {
  const values = { agent: p.agent_name, words: p.words, opcode: p.opcode };
  let key: string;
  if (p.initiator === 'agent' && p.agent_name) key = status === 'out' ? 'opt_out_agent' : 'opt_in_agent';
  else if (status === 'in' && p.initiator === 'dms') key = p.opcode ? 'opt_in_dms_opcode' : 'opt_in_dms';
  else if (quotesCustomerWords(p.method)) key = `opt_${status}_text${p.words ? '_words' : ''}`;
  else if (status === 'out' && p.method === 'carrier_opt_out_list') key = 'opt_out_carrier';
  // 'inherited_from_number': the record came to have a number already opted out (a booking, the DMS).
  else if (status === 'out' && (p.method === 'shared_phone' || p.method === 'inherited_from_number')) key = 'opt_out_same_number';
  else key = `opt_${status}_customer`;
  const text = t(`notes.${key}`, values);
  return p.shared_phone ? `${text} ${t('notes.shared_phone')}` : text;
}

function notDelivered(p: NoteParams['not_delivered'], storedReason: string | undefined, t: TFunction): string {
  const kind = t(`notes.kind_${p.kind}`, { defaultValue: t('notes.kind_text') });
  // A reason the console has no words for is shown as the server wrote it.
  const reason = refusalReasonText(p.reason_id, { opcode: p.opcode }) ?? storedReason ?? '';
  return reason ? t('notes.not_delivered_because', { kind, reason }) : t('notes.not_delivered', { kind });
}

/**
 * A call that ended (issue 25): an inbound call says who answered or that it was missed (and
 * whether a voicemail was left); an advisor's call says who called and how it went.
 */
function callEnded(p: NoteParams['call'], stored: string, t: TFunction): string {
  // A note of a newer console (an outcome or direction this one has no words for) keeps its stored English.
  if (!CALL_OUTCOMES.includes(p.outcome) || (p.direction !== 'inbound' && p.direction !== 'outbound')) return stored;
  const duration = formatDuration(p.duration_seconds);
  const outcome = p.outcome.replace('-', '_');
  if (p.direction === 'outbound') return t(`notes.call_out_${outcome}`, { agent: p.agent_name || t('notes.call_an_advisor'), duration });
  if (p.outcome === 'answered' && p.agent_name) return t('notes.call_in_answered_agent', { agent: p.agent_name, duration });
  return t(`notes.call_in_${outcome}`, { duration });
}

/** The note's words in the agent's language, or its stored text when it has no key. */
export function noteText(message: Pick<Message, 'text' | 'metadata'>, t: TFunction, locale: Locale): string {
  const details = message.metadata.note;
  const note = readNote(details);
  if (!note) return message.text;
  switch (note.key) {
    case 'call':
      return callEnded(note.params, message.text, t);
    case 'mpi_completed':
      return mpiCompleted(note.params, t, locale);
    case 'recommendation_decided':
      return recommendationDecided(note.params, t, locale);
    case 'order_closed':
      return t(note.params.closed_by === 'inactivity' ? 'notes.order_closed_inactivity' : 'notes.order_closed_dms');
    case 'opt_out':
      return consentChanged('out', note.params, t);
    case 'opt_in':
      return consentChanged('in', note.params, t);
    case 'not_delivered':
      return notDelivered(note.params, details?.reason, t);
    case 'appointment_confirmed':
      return t(note.params.by === 'agent' ? 'notes.appointment_confirmed_agent' : 'notes.appointment_confirmed_customer');
    case 'reminder_soon':
      return t('notes.reminder_soon');
    case 'inventory_order_closed':
      return t(note.params.by === 'inactivity' ? 'notes.inventory_order_closed_inactivity' : 'notes.inventory_order_closed_agent');
    case 'survey_answered': {
      const rated = t(note.params.via === 'page' ? 'notes.survey_answered_page' : 'notes.survey_answered_text', { rating: new Intl.NumberFormat(intlTag(locale)).format(note.params.rating) });
      return note.params.comment ? `${rated} ${t('notes.survey_comment', { comment: note.params.comment })}` : rated;
    }
  }
}

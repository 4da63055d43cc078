/**
 * A lead from the landing page's form (a marketing button, SPEC §3 wizard payload): it lands on the
 * board as a guest conversation whose first message is the lead's words, the lead gets the button's
 * auto-reply by text (through every texting rule: `sendAutomated`), and the button's recipients are
 * told by text (from the store's number) and by e-mail.
 *
 * A post is idempotent on its Idempotency-Key: the guest, its contact and its first message take
 * ids derived from the key and are written only if not there yet, so a repeated post finds the lead
 * the first one made and finishes what it left undone (a post cut short before the auto-reply), and
 * each step that reaches a person is claimed on the lead before it goes, so none goes twice. The
 * same key with other words is refused. A post without a key is a lead of its own.
 *
 * A lead from a number that is a customer of the store is that customer's lead from the start;
 * otherwise the form's name is kept on a guest contact until an agent makes it a customer.
 */
import { LEAD_ERRORS, sameLabel, type LeadBody, type MarketingButton } from '../../shared/guests/schemas.js';
import { contactKindOf, customersWithPhone, type CustomerRecord } from '../customers/records.js';
import { smsCarrier } from '../lib/carrier.js';
import { config } from '../lib/config.js';
import { HttpError, ValidationError } from '../lib/errors.js';
import { bodyHash, KEY_MISMATCH } from '../lib/idempotency.js';
import { derivedId, newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { mail } from '../lib/mail.js';
import { countryOfLocation, normalizePhone, phoneProblem, PHONE_ERRORS } from '../lib/phones.js';
import { announceMessage } from '../messages/announce.js';
import { sendAutomated } from '../messages/automated.js';
import { announceTo, changedEvent, type ConversationOwner } from '../messages/owners.js';
import { appendOnce, newMessage } from '../messages/records.js';
import { dealershipOf, sendContext, serviceNumber } from '../messages/send.js';
import { announceGuest } from './events.js';
import { guestContactFor } from './guestContacts.js';
import { guestOwner } from './guestOwner.js';
import { fillTemplate, noticeText, type LeadFacts } from './leadTexts.js';
import type { LeadFormStore } from './leadForms.js';
import { marketingButtonsOf, notificationNumber } from './marketingButtons.js';
import { createGuest, getGuest, newGuestRecord, updateGuest, type GuestRecord, type StoredLead } from './records.js';

export type LeadInput = LeadBody['lead'];

export interface ReceivedLead {
  guest: GuestRecord;
  button: MarketingButton;
}

const invalid = (path: string, message: string) => new ValidationError([{ message, path: `lead.${path}` }]);

/** What the lead may name in a template. */
const factsOf = (lead: Pick<StoredLead, 'first_name' | 'last_name' | 'email' | 'text' | 'button'>, phone: string): LeadFacts => ({
  first_name: lead.first_name,
  last_name: lead.last_name,
  phone,
  email: lead.email ?? '',
  text: lead.text,
  button: lead.button,
});

/** The newest customer record of the store with this cell (a lead from someone the store knows). */
async function customerOfStore(store: LeadFormStore, cell: string): Promise<CustomerRecord | undefined> {
  const records = (await customersWithPhone(store.company_id, cell, true)).filter((c) => c.location_id === store.location_id && contactKindOf(c) === 'customer');
  return records.sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
}

/** The lead on the board (new, or as the post with the same key made it). */
async function leadGuest(store: LeadFormStore, input: LeadInput, button: MarketingButton, cell: string, key: string, hash: string): Promise<GuestRecord> {
  const id = derivedId('gst', store.company_id, store.location_id, 'lead', key);
  const stored = await getGuest(store.company_id, id, true);
  if (stored) {
    if (stored.lead?.request_hash !== hash) throw new HttpError(422, 'idempotency_key_mismatch', KEY_MISMATCH);
    return stored;
  }
  const at = new Date().toISOString();
  const known = await customerOfStore(store, cell);
  const contact =
    known ??
    (await guestContactFor({ ...store, source: 'lead', sourceId: key, cell, known: { first_name: input.first_name, last_name: input.last_name, email: input.email || null } }, at));
  const lead: StoredLead = {
    button: button.label,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email || null,
    text: input.text,
    request_hash: hash,
    message_id: newId('msg'),
    replied_at: null,
    notified_at: null,
  };
  const record: GuestRecord = {
    ...newGuestRecord({ id, company_id: store.company_id, location_id: store.location_id, customer_id: contact.id, source: 'lead_form', lead }, at),
    converted: known ? { how: 'linked', at, agent: null } : null,
  };
  const { guest, created } = await createGuest(record);
  // The same post, sent twice at once: the first one made it, with its own words.
  if (guest.lead?.request_hash !== hash) throw new HttpError(422, 'idempotency_key_mismatch', KEY_MISMATCH);
  if (created) await announceGuest(guest, 'lead');
  return guest;
}

/** The lead's words, the conversation's first message (as the guest wrote them, from their number); written once. */
async function postWords(owner: ConversationOwner<GuestRecord>, lead: StoredLead, cell: string): Promise<void> {
  const message = newMessage(owner, { id: lead.message_id, direction: 'inbound', text: lead.text, at: owner.record.created_at, from: cell });
  if (!(await appendOnce(owner, message))) return;
  await announceMessage(owner, message, 'message.created');
  await announceTo(owner, changedEvent(owner, 'message_received'));
}

/** Claims one step of answering the lead; answers whether this post is the one to take it. */
async function claim(guest: GuestRecord, step: 'replied_at' | 'notified_at'): Promise<boolean> {
  const { changed } = await updateGuest(guest.company_id, guest.id, (now) => (now.lead && !now.lead[step] ? { lead: { ...now.lead, [step]: new Date().toISOString() } } : null));
  return changed;
}

/** The button's auto-reply to the lead, once (empty template: none). */
async function autoReply(owner: ConversationOwner<GuestRecord>, button: MarketingButton, facts: LeadFacts): Promise<void> {
  if (button.autoreply_template === '' || owner.record.lead?.replied_at) return;
  if (!(await claim(owner.record, 'replied_at'))) return;
  await sendAutomated(owner, 'lead_autoreply', { agent: null, manual: false, words: { written: fillTemplate(button.autoreply_template, { ...facts }) }, gatekeeperRule: null });
}

/**
 * The button's recipients are told, once: a text from the store's number to each SMS recipient, an
 * e-mail to each e-mail recipient. One that fails is logged; the others are still told and the lead is kept.
 */
async function tellRecipients(owner: ConversationOwner<GuestRecord>, button: MarketingButton, facts: LeadFacts): Promise<void> {
  if (owner.record.lead?.notified_at) return;
  if (button.sms_notification_recipients.length === 0 && button.email_notification_recipients.length === 0) return;
  if (!(await claim(owner.record, 'notified_at'))) return;
  const context = await sendContext(owner);
  const { dealership } = dealershipOf(context);
  const locale = context.location.locale;
  const values = { ...facts, email: facts.email || '-', dealership, link: `${config.publicUrl}/app/guests?guest=${encodeURIComponent(owner.id)}` };
  const from = serviceNumber(context);
  const country = countryOfLocation({ phone: context.location.phone });
  const sms = button.sms_notification_template ? fillTemplate(button.sms_notification_template, values) : noticeText('sms', locale, values);
  for (const raw of button.sms_notification_recipients) {
    const to = notificationNumber(raw, country);
    if (!from || !to) {
      logger.warn('lead notice not texted', { guest_id: owner.id, reason: from ? 'recipient_not_a_number' : 'no_texting_number' });
      continue;
    }
    await smsCarrier()
      .send({ messageId: newId('msg'), from, to, text: sms, media: [] })
      .catch((err: unknown) => logger.error('lead notice not texted', { guest_id: owner.id, error: (err as Error).message }));
  }
  const subject = noticeText('mailSubject', locale, values);
  const text = button.email_notification_template ? fillTemplate(button.email_notification_template, values) : noticeText('mailBody', locale, values);
  for (const to of button.email_notification_recipients) {
    await mail()
      .send({ to, subject, text })
      .catch((err: unknown) => logger.error('lead notice not mailed', { guest_id: owner.id, error: (err as Error).message }));
  }
}

/**
 * Takes a lead for the store: checks it (the button, the phone in the store's country), puts it on
 * the board, answers it and tells the button's recipients. `key`: the post's Idempotency-Key, if any.
 */
export async function receiveLead(store: LeadFormStore, input: LeadInput, key: string | null): Promise<ReceivedLead> {
  const [buttons, location] = await Promise.all([marketingButtonsOf(store.company_id, store.location_id), getLocation(store.company_id, store.location_id)]);
  const button = buttons.find((b) => sameLabel(b.label, input.button));
  const country = countryOfLocation({ phone: location?.phone });
  const problems: { message: string; path: string }[] = button ? [] : [{ message: LEAD_ERRORS.button, path: 'lead.button' }];
  const phone = phoneProblem(input.phone, country);
  if (phone) problems.push({ message: PHONE_ERRORS[phone], path: 'lead.phone' });
  if (problems.length > 0 || !button) throw new ValidationError(problems);
  const cell = normalizePhone(input.phone, country);
  if (!cell) throw invalid('phone', PHONE_ERRORS.invalid);

  const guest = await leadGuest(store, input, button, cell, key ?? newId('lead'), bodyHash({ lead: input }));
  const owner = guestOwner(guest);
  const facts = factsOf(guest.lead!, cell);
  await postWords(owner, guest.lead!, cell);
  await autoReply(owner, button, facts);
  await tellRecipients(owner, button, facts);
  return { guest: (await getGuest(store.company_id, guest.id, true)) ?? guest, button };
}

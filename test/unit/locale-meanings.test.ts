/**
 * Consequential actions must never read alike (issue 10): German once labelled the opt-out button
 * "Abmelden", the header's sign-out word, and Greek labelled it "Διαγραφή" (delete). An advisor reads
 * a button by its words, so words that mean different things must differ in every language, and an
 * action that cannot be taken back must not look like an everyday one.
 *
 * A feature's own words are named "<feature>:<key>" (test/support/localeFiles.ts).
 * (That every locale has every key of en-us is web-locales.test.ts's and web-visit-page.test.ts's job.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILE_LOCALES, consoleTexts, flattenLocale, type FileLocale, type LocaleTree } from '../support/localeFiles.js';

function reader(folder: string): (locale: FileLocale) => Map<string, string> {
  const dir = fileURLToPath(new URL(folder, import.meta.url));
  return (locale) => flattenLocale(JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8')) as LocaleTree);
}

const pageTexts = reader('../../web/src/features/inspections/visit/locales/');

/** How a person compares two labels: case, spacing and trailing dots/ellipses do not make them different. */
function normal(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/g, ' ').replace(/[.…?;;!]+$/u, '').trim();
}

/**
 * Groups of console keys an advisor sees side by side or confuses by name; within a group every
 * meaning differs, so every text must differ.
 */
const CONSOLE_GROUPS: Record<string, string[]> = {
  'the header and the order actions': [
    'shell.sign_out',
    'impersonation.stop',
    'actions.opt_out',
    'actions.block',
    'actions.unblock',
    'serviceBoard:actions.archive',
    'serviceBoard:actions.unarchive',
    'serviceBoard:actions.vehicle_ready',
    'common.close',
    'common.cancel',
  ],
  'the opt-out dialog': ['detail.opt_out_confirm', 'common.cancel', 'common.close', 'shell.sign_out'],
  'the tags of a customer on the board': ['markers.opted_out', 'markers.blocked', 'serviceBoard:board.archived', 'shell.sign_out', 'logout.signing_out'],
  'consent and line states': ['opt.in', 'opt.out', 'opt.unknown', 'line.landline', 'detail.blocked', 'delivery.awaiting_opt_in'],
  'how consent changed': ['behaviour.OPT_IN', 'behaviour.OPT_OUT', 'behaviour.DMS_OPT_IN', 'behaviour.AGENT_OPT_OUT', 'behaviour.SMS_OPT_OUT'],
  'sending outside texting hours': ['composer.send', 'composer.quiet_send_anyway', 'composer.quiet_schedule', 'common.cancel'],
  'a text in the conversation': ['delivery.scheduled', 'delivery.sent', 'delivery.not_sent', 'delivery.queued', 'delivery.cancelled'],
  'a held text': ['conversation.held.edit', 'conversation.held.cancel', 'conversation.retry'],
  'cancelling a held text': ['conversation.held.cancel_confirm', 'conversation.held.keep', 'common.cancel', 'common.close'],
  'editing a held text': ['conversation.held.save', 'common.cancel'],
  'placing and ending a call': ['calling.call_customer', 'calling.hang_up', 'common.cancel', 'common.close'],
  'how a call went': ['notes.call_in_no_answer', 'notes.call_in_voicemail', 'notes.call_in_busy', 'notes.call_in_failed', 'notes.call_in_answered'],
  'leaving an unsaved MPI': ['inspections:mpi.leave_discard', 'inspections:mpi.leave_save', 'inspections:mpi.leave_stay', 'common.cancel'],
  'the MPI tools': ['inspections:mpi_advisor.tool_send_to_customer', 'inspections:mpi_advisor.tool_send_again', 'inspections:mpi_advisor.tool_reclaim', 'common.cancel'],
  'an advisor recording a decision': ['inspections:mpi_advisor.choice_approved', 'inspections:mpi_advisor.choice_declined', 'inspections:mpi_advisor.choice_undecided'],
  'a decision recorded': ['inspections:mpi_advisor.decision_approved', 'inspections:mpi_advisor.decision_declined'],
  'archiving a template': ['sheetTemplates:sheet_templates.archive_confirm', 'sheetTemplates:sheet_templates.remove', 'common.cancel'],
  'an appointment versus a dialog': ['behaviour.APPOINTMENT_CANCELLATION', 'behaviour.APPOINTMENT_CONFIRMATION', 'common.cancel', 'common.close'],
};

/** The customer's inspection page: approving and declining work must never read alike. */
const PAGE_GROUPS: Record<string, string[]> = {
  'the choice on each recommendation': ['approve', 'decline'],
  'the state of each recommendation': ['approved', 'declined', 'undecided'],
  'changing a decision': ['confirm_approve', 'confirm_decline', 'keep_decision'],
};

/** Console actions that cannot be taken back by the person who clicks them. */
const IRREVERSIBLE = [
  'actions.opt_out',
  'detail.opt_out_confirm',
  'actions.block',
  'serviceBoard:actions.vehicle_ready',
  'composer.send',
  'composer.quiet_send_anyway',
  'inspections:mpi_advisor.send_confirm',
  'inspections:mpi_advisor.tool_send_to_customer',
  'inspections:mpi.leave_discard',
  'sheetTemplates:sheet_templates.archive_confirm',
  'conversation.held.cancel_confirm',
];

/** Every console text about opting out: action, dialog, tags, states, notes, refusals. */
const OPT_OUT_TEXTS = [
  'actions.opt_out',
  'detail.opt_out_title',
  'detail.opt_out_confirm',
  'markers.opted_out',
  'opt.out',
  'behaviour.OPT_OUT',
  'behaviour.AGENT_OPT_OUT',
  'behaviour.SMS_OPT_OUT',
  'composer.hidden_opted_out',
  'detail.opted_out_action',
];

/** Each language's words for deleting a record: opting out deletes nothing, and must not say it does. */
const DELETE_WORDS: Record<FileLocale, RegExp> = {
  'en-us': /\bdelet/i,
  'en-ca': /\bdelet/i,
  'en-gb': /\bdelet/i,
  'en-uk': /\bdelet/i,
  de: /lösch/i,
  el: /διαγρ|διέγρα/i,
  es: /elimin|borr/i,
  fr: /supprim|effac/i,
  it: /elimin|cancell/i,
  pt: /elimin|apag/i,
  sv: /radera|\bta bort/i,
};

function text(entries: Map<string, string>, key: string): string {
  const value = entries.get(key);
  expect(value, `missing ${key}`).toBeDefined();
  return value!;
}

/** Pairs of keys in a group whose texts read the same. */
function collisions(entries: Map<string, string>, keys: string[]): string[] {
  const found: string[] = [];
  keys.forEach((a, i) => {
    for (const b of keys.slice(i + 1)) {
      if (normal(text(entries, a)) === normal(text(entries, b))) found.push(`${a} = ${b} ("${text(entries, a)}")`);
    }
  });
  return found;
}

describe.each(FILE_LOCALES)('%s', (locale) => {
  const entries = consoleTexts(locale);
  const page = pageTexts(locale);
  const signOut = normal(text(entries, 'shell.sign_out'));
  const cancel = normal(text(entries, 'common.cancel'));

  it.each(Object.entries(CONSOLE_GROUPS))('words differently: %s', (_name, keys) => {
    expect(collisions(entries, keys)).toEqual([]);
  });

  it.each(Object.entries(PAGE_GROUPS))("words differently on the customer's page: %s", (_name, keys) => {
    expect(collisions(page, keys)).toEqual([]);
  });

  it('never makes an irreversible action read like signing out or like the Cancel beside it', () => {
    const alike = IRREVERSIBLE.filter((key) => {
      const action = normal(text(entries, key));
      return action === signOut || action.startsWith(signOut) || action === cancel || action.startsWith(`${cancel} `);
    });
    expect(alike).toEqual([]);
  });

  it('never words opting out with the sign-out word or a delete word', () => {
    const misleading = OPT_OUT_TEXTS.filter((key) => {
      const wording = text(entries, key);
      return normal(wording).includes(signOut) || DELETE_WORDS[locale].test(wording);
    }).map((key) => `${key}: ${text(entries, key)}`);
    expect(misleading).toEqual([]);
  });

  it('tells the advisor in the opt-out confirmation that only the customer can undo it, by texting START', () => {
    // START is the carrier keyword in every language (functions/messages/keywords.ts).
    expect(text(entries, 'detail.opt_out_text')).toContain('START');
    expect(text(entries, 'detail.opt_out_text')).toContain('{{name}}');
  });
});

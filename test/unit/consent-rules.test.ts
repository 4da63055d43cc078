import { describe, expect, it } from 'vitest';
import { consentPlan, inheritedStatus, noteBehaviour, noteText, recordTakes } from '../../functions/customers/consent.js';

const priya = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };

describe('consentPlan: which records of a phone take a consent change', () => {
  it('opts out every record of the number that is not out yet', () => {
    // prepare
    const records = [
      { id: 'cus_a', opt_in: 'in' as const },
      { id: 'cus_b', opt_in: 'unknown' as const },
      { id: 'cus_c', opt_in: 'out' as const },
    ];
    // act
    const plan = consentPlan(records, 'out', 'customer');
    // assess
    expect(plan).toEqual({ take: ['cus_a', 'cus_b'], refusal: null });
  });

  it('never takes an opt-out from the DMS', () => {
    const plan = consentPlan([{ id: 'cus_a', opt_in: 'in' }], 'out', 'dms');
    expect(plan).toEqual({ take: [], refusal: 'dms_never_opts_out' });
  });

  it('lets a DMS opt-in reach records with no status yet', () => {
    const plan = consentPlan(
      [
        { id: 'cus_a', opt_in: 'unknown' },
        { id: 'cus_b', opt_in: 'in' },
      ],
      'in',
      'dms',
    );
    expect(plan).toEqual({ take: ['cus_a'], refusal: null });
  });

  it('refuses a DMS or agent opt-in for the whole number when any record of it is opted out', () => {
    const records = [
      { id: 'cus_a', opt_in: 'unknown' as const },
      { id: 'cus_b', opt_in: 'out' as const },
    ];
    expect(consentPlan(records, 'in', 'dms')).toEqual({ take: [], refusal: 'only_the_customer_undoes_an_opt_out' });
    expect(consentPlan(records, 'in', 'agent')).toEqual({ take: [], refusal: 'only_the_customer_undoes_an_opt_out' });
  });

  it("lets the customer's own START opt every record of the number back in", () => {
    const records = [
      { id: 'cus_a', opt_in: 'out' as const },
      { id: 'cus_b', opt_in: 'unknown' as const },
    ];
    expect(consentPlan(records, 'in', 'customer')).toEqual({ take: ['cus_a', 'cus_b'], refusal: null });
  });
});

describe('consentPlan and inheritedStatus: the number’s own consent', () => {
  it('refuses a DMS or agent opt-in when the number opted out, even if no record shows it', () => {
    const records = [{ id: 'cus_a', opt_in: 'unknown' as const }];
    expect(consentPlan(records, 'in', 'dms', 'out')).toEqual({ take: [], refusal: 'only_the_customer_undoes_an_opt_out' });
    expect(consentPlan(records, 'in', 'customer', 'out')).toEqual({ take: ['cus_a'], refusal: null });
  });

  it('gives a record that gets a number the number’s opt-out always, its opt-in only when the record has none', () => {
    expect(inheritedStatus('unknown', 'out')).toBe('out');
    expect(inheritedStatus('in', 'out')).toBe('out');
    expect(inheritedStatus('out', 'out')).toBeNull();
    expect(inheritedStatus('unknown', 'in')).toBe('in');
    // Only the customer undoes an opt-out: an opted-out record keeps it on a number opted in.
    expect(inheritedStatus('out', 'in')).toBeNull();
    expect(inheritedStatus('in', 'unknown')).toBeNull();
  });
});

describe('recordTakes', () => {
  it('leaves a record already in the target state alone', () => {
    expect(recordTakes('out', 'out', 'agent')).toBe(false);
    expect(recordTakes('in', 'in', 'customer')).toBe(false);
  });

  it('keeps an opted-out record out unless the customer opts in', () => {
    expect(recordTakes('out', 'in', 'dms')).toBe(false);
    expect(recordTakes('out', 'in', 'customer')).toBe(true);
  });
});

describe('consent system notes', () => {
  it('names the behaviour of SPEC §3 by who changed consent', () => {
    expect(noteBehaviour('out', 'customer')).toBe('SMS_OPT_OUT');
    expect(noteBehaviour('out', 'agent')).toBe('AGENT_OPT_OUT');
    expect(noteBehaviour('in', 'customer')).toBe('OPT_IN');
    expect(noteBehaviour('in', 'dms')).toBe('DMS_OPT_IN');
  });

  it("says in English who opted out, quoting the customer's words", () => {
    expect(noteText({ status: 'out', initiator: 'agent', method: 'agent_opt_out', wording: 'button' }, priya, false)).toBe('Opted out by Priya Raman.');
    expect(noteText({ status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'Stop. Thank you' }, null, false)).toBe(
      'Customer opted out by text: "Stop. Thank you".',
    );
    expect(noteText({ status: 'in', initiator: 'customer', method: 'double_opt_in_reply', wording: 'YES' }, null, false)).toBe('Customer opted in by text: "YES".');
    expect(noteText({ status: 'in', initiator: 'dms', method: 'dms_feed', wording: 'DMS opt-in', opcode: 'TXT' }, null, false)).toBe(
      'Opted in by the DMS (op code TXT).',
    );
  });

  it('describes, rather than quotes, a customer opt-out that did not arrive as their text', () => {
    const text = noteText({ status: 'out', initiator: 'customer', method: 'carrier_opt_out_list', wording: 'The carrier reports that this number opted out' }, null, false);
    expect(text).toBe('Customer opted out (The carrier reports that this number opted out).');
  });

  it('tells the advisor when the change came from another record with the same number', () => {
    const text = noteText({ status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'STOP' }, null, true);
    expect(text).toBe('Customer opted out by text: "STOP". The change came from another customer record with the same cell number.');
  });
});

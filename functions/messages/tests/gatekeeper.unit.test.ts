/**
 * The gatekeeper matrix (SPEC §3, issue 22): for each of the twelve message types, each target and
 * each customer (opted in by an agent, no status, written consent, opted out; with and without the
 * op code on the order), the one decision every automated text passes (automatedGatekeeperRefusal)
 * lets it through or refuses it exactly as the target says. Each type is asked through the kinds of
 * text that are that type, as their senders name them, so a kind that lost its rule fails here.
 */
import { describe, expect, it } from 'vitest';
import '../boards.js';
import { GATEKEEPER_MESSAGE_TYPES, completeSettings, type SettingsOf } from '../../../shared/schemas/settings.js';
import type { OptMetadata, OptStatus } from '../../../shared/customers.js';
import { automatedGatekeeperRefusal, gatekeeperRuleFor, type AutomatedTextKind } from '../automated.js';
import type { SendContext } from '../send.js';
import { repairOrderOwner } from '../../repairOrders/owner.js';
import { customerRecord, repairOrderRecord } from '../../../test/support/service.js';

type MessageType = (typeof GATEKEEPER_MESSAGE_TYPES)[number];
type Target = SettingsOf<'gatekeeper_settings'>['csi']['target'];

/** The texts of the product that are each type (service_work_declined: none yet, the DMS sends no declined work). */
const KINDS: Record<MessageType, AutomatedTextKind[]> = {
  appointment_reminder: ['appointment_reminder'],
  csi: ['csi_survey', 'csi_reminder', 'csi_thanks'],
  mpi_notification: ['mpi_notification'],
  mpi_work_declined: ['work_declined'],
  payment_notification: ['payment_notification', 'payment_receipt'],
  payment_cancellation: ['payment_cancellation'],
  service_reminder: ['service_reminder'],
  service_welcome: ['service_welcome'],
  vehicle_ready: ['vehicle_ready'],
  service_work_declined: [],
  share_album: ['share_album'],
  prewelcome: ['prewelcome'],
};

const TARGETS: Target[] = ['ro_with_opcode', 'opted_in', 'opted_in_and_no_status', 'green_only'];
const OPCODE = 'TXT1';

interface Consent {
  name: string;
  opt_in: OptStatus;
  initiator: OptMetadata['initiator'] | null;
}
const CONSENTS: Consent[] = [
  { name: 'opted in by an agent', opt_in: 'in', initiator: 'agent' },
  { name: 'with no status', opt_in: 'unknown', initiator: null },
  { name: 'with written consent (green)', opt_in: 'in', initiator: 'customer' },
  { name: 'opted out', opt_in: 'out', initiator: 'customer' },
];

/** What SPEC §3 says each target lets through, written from the spec, not from the code. */
function allowed(target: Target, consent: Consent, hasOpcode: boolean): boolean {
  if (target === 'ro_with_opcode') return hasOpcode;
  if (target === 'opted_in') return consent.opt_in === 'in';
  if (target === 'opted_in_and_no_status') return consent.opt_in !== 'out';
  return consent.opt_in === 'in' && consent.initiator !== 'agent';
}

function contextOf(type: MessageType, target: Target, consent: Consent, hasOpcode: boolean): SendContext {
  const customer = customerRecord({
    opt_in: consent.opt_in,
    opt_metadata: consent.initiator ? { initiator: consent.initiator, opcode: null, timestamp: '2026-01-01T00:00:00.000Z', agent: null } : null,
  });
  const order = repairOrderRecord(customer);
  const ro = { ...order, metadata: { ...order.metadata, opcodes: hasOpcode ? ['OIL', OPCODE] : ['OIL'] } };
  // Every other type stays at the most permissive target: only `type`'s rule may decide.
  const gatekeeper = completeSettings('gatekeeper_settings', { [type]: { target } });
  return {
    owner: repairOrderOwner(ro),
    customer,
    number: null,
    location: { id: ro.location_id, company_id: ro.company_id, name: 'Harbor Motors', timezone: 'America/New_York', locale: 'en-us', theme: 'default', whitelabel: false, ip_allowlist: [], address: '', phone: '', teams: [], created_at: ro.created_at },
    service: completeSettings('service_settings', {}),
    dms: completeSettings('dms_settings', { opcode_text: OPCODE }),
    business: completeSettings('business_information', {}),
    gatekeeper,
  };
}

describe('the gatekeeper on all twelve message types', () => {
  it('knows the rule of every kind of automated text, and no rule for the answers to a customer', () => {
    for (const [type, kinds] of Object.entries(KINDS)) for (const kind of kinds) expect(gatekeeperRuleFor(kind), kind).toBe(type);
    for (const kind of ['auto_reply', 'lead_autoreply', 'help_reply', 'opt_in_request']) expect(gatekeeperRuleFor(kind), kind).toBeNull();
  });

  for (const type of GATEKEEPER_MESSAGE_TYPES) {
    it(`${type}: each target lets through exactly the customers it names`, () => {
      const kinds = KINDS[type].length > 0 ? KINDS[type] : ['vehicle_ready' as const];
      const rule = KINDS[type].length > 0 ? null : type;
      for (const target of TARGETS) {
        for (const consent of CONSENTS) {
          for (const hasOpcode of [true, false]) {
            for (const kind of kinds) {
              const refusal = automatedGatekeeperRefusal(contextOf(type, target, consent, hasOpcode), kind, rule);
              const label = `${kind} ${target}, customer ${consent.name}, op code ${hasOpcode ? 'on' : 'not on'} the order`;
              expect(refusal === null, label).toBe(allowed(target, consent, hasOpcode));
              if (refusal && target === 'ro_with_opcode') expect(refusal, label).toMatchObject({ reason: 'opcode_missing', opcode: OPCODE });
            }
          }
        }
      }
    });
  }
});

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import type { Customer } from '../../../../shared/customers.js';
import { consentPath, customerAction, type CustomerAction } from './customerRequests.js';
import { OptOutDialog } from './OptOutDialog.js';

/**
 * Why no action may be taken on the customer (SPEC §8 "Can't do this action on an opted-out
 * customer") as its locale key, or null. The board shows it with its own actions' reasons.
 */
export function customerActionRefusal(customer: Pick<Customer, 'opt_in'>): 'detail.opted_out_action' | null {
  return customer.opt_in === 'out' ? 'detail.opted_out_action' : null;
}

/**
 * The customer's buttons of a detail panel's actions (placed inside its `.detail__actions`): opt
 * out, after a confirmation that says it cannot be undone, and block or unblock.
 */
export function CustomerActions({
  customer,
  name,
  contact,
  disabled,
  onBusy,
  onCustomer,
}: {
  customer: Customer;
  /** The customer's name as the board writes it, for the confirmation. */
  name: string;
  /** A board's own kind of contact (`employee`): the confirmation and the refusal name them so. */
  contact?: string;
  /** Another action of the panel is under way. */
  disabled: boolean;
  /** One of these actions started (true) or ended (false): the panel holds its own buttons meanwhile. */
  onBusy?: (busy: boolean) => void;
  onCustomer: (customer: Customer) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<CustomerAction | null>(null);
  const [optOutOpen, setOptOutOpen] = useState(false);
  const refusal = customerActionRefusal(customer);
  const held = disabled || busy !== null;

  async function run(action: CustomerAction, done: () => void = () => undefined) {
    setBusy(action);
    onBusy?.(true);
    try {
      const next = await customerAction(customer.id, action);
      done();
      onCustomer(next);
      void mutate(consentPath(next.id));
    } catch {
      // send() has already shown the server's reason.
    } finally {
      setBusy(null);
      onBusy?.(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--small button--danger"
        data-testid="opt-out-button"
        disabled={refusal !== null || held}
        title={refusal ? t(refusal, { context: contact }) : undefined}
        onClick={() => setOptOutOpen(true)}
      >
        {t('actions.opt_out')}
      </button>
      <button type="button" className="button button--small" data-testid="block-button" disabled={held} onClick={() => void run(customer.blocked_at ? 'unblock' : 'block')}>
        {customer.blocked_at ? t('actions.unblock') : t('actions.block')}
      </button>
      <OptOutDialog open={optOutOpen} name={name} busy={busy === 'opt_out'} contact={contact} onCancel={() => setOptOutOpen(false)} onConfirm={() => void run('opt_out', () => setOptOutOpen(false))} />
    </>
  );
}

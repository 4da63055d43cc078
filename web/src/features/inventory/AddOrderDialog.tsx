import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/customers.js';
import { ITEM_KINDS, type InventoryOrder } from '../../../../shared/inventory/orders.js';
import { Dialog } from '../../components/Dialog.js';
import { CustomerPick, customerPickWords, useStoreCountry, type CustomerPickMode } from '../../components/customers/CustomerPick.js';
import { DialogFormActions, useDialogForm } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { checkOrder, EMPTY_ORDER, errorKey, fieldOfPath, type FormField, type OrderDraft } from './orderForm.js';
import { addOrder } from './requests.js';

/**
 * "Add inventory order" (SPEC §2): the customer found by name or phone, or added with SPEC §5's
 * texts at the fields (the number's consent comes with them on the server), then the vehicle or
 * part and its stock number. The agent who adds the order holds it.
 */
export function AddOrderDialog({ open, locationId, onClose, onAdded }: { open: boolean; locationId: string; onClose: () => void; onAdded: (order: InventoryOrder) => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <OrderForm titleId={titleId} locationId={locationId} onClose={onClose} onAdded={onAdded} />
    </Dialog>
  );
}

function OrderForm({ titleId, locationId, onClose, onAdded }: { titleId: string; locationId: string; onClose: () => void; onAdded: (order: InventoryOrder) => void }) {
  const { t } = useTranslation('inventory');
  const [mode, setMode] = useState<CustomerPickMode>('search');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [draft, setDraft] = useState<OrderDraft>(EMPTY_ORDER);
  const adding = useDialogForm<FormField>('inventory', { fieldOf: fieldOfPath, keyOf: errorKey, fallback: 'inventory.error_field' });
  const country = useStoreCountry(locationId);
  const ids = { description: useId(), stock: useId() };
  const text = adding.textAt;

  const set = (field: keyof OrderDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    adding.changed();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const { body, errors } = checkOrder(draft, { customerId: customer?.id ?? null, newCustomer: mode === 'new', country });
    if (!body) return adding.show(errors);
    adding.send((key) => addOrder(locationId, body, key), onAdded);
  }

  return (
    <form ref={adding.form} className="form order-form" noValidate onSubmit={submit} data-testid="order-form">
      <h2 className="dialog__title" id={titleId}>
        {t('inventory.add_title')}
      </h2>
      <CustomerPick
        locationId={locationId}
        mode={mode}
        onMode={setMode}
        picked={customer}
        onPick={setCustomer}
        person={draft}
        onPerson={set}
        errors={{ customer: text('customer'), first_name: text('first_name'), last_name: text('last_name'), phone: text('phone'), email: text('email') }}
        words={customerPickWords(t, 'inventory')}
        testIdPrefix="order"
      />
      <fieldset className="order-form__kind">
        <legend>{t('inventory.item_kind')}</legend>
        {ITEM_KINDS.map((kind) => (
          <label key={kind} className="check">
            <input type="radio" name="item_kind" value={kind} checked={draft.item_kind === kind} data-testid={`order-kind-${kind}`} onChange={() => set('item_kind', kind)} />
            {t(`inventory.kind_${kind}`)}
          </label>
        ))}
      </fieldset>
      <div className="order-form__item">
        <TextField id={ids.description} label={t('inventory.description')} value={draft.description} onChange={(v) => set('description', v)} error={text('description')} testId="order-description-input" />
        <TextField id={ids.stock} label={t('inventory.stock_number')} value={draft.stock_number} onChange={(v) => set('stock_number', v)} error={text('stock_number')} testId="order-stock-input" />
      </div>
      <DialogFormActions
        formText={text('form')}
        closeLabel={t('common.close')}
        submitLabel={[t('inventory.add_submit'), t('inventory.adding')]}
        sending={adding.sending}
        submitTestId="order-submit"
        onClose={onClose}
      />
    </form>
  );
}

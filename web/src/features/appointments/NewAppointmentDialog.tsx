import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { holdsOrders } from '../../../../shared/access.js';
import type { Colleague } from '../../../../shared/api.js';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import type { Customer } from '../../../../shared/customers.js';
import { Dialog } from '../../components/Dialog.js';
import { CustomerPick, customerPickWords, useStoreCountry } from '../../components/customers/CustomerPick.js';
import { DialogFormActions, useDialogForm } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { fullName } from '../../lib/names.js';
import {
  EMPTY_DRAFT,
  checkAppointment,
  checkNewCustomerBooking,
  errorKey,
  fieldOfPath,
  type BookingDraft,
  type FormField,
} from './bookingForm.js';
import { agentsPath, bookForCustomer, bookForNewCustomer } from './requests.js';

interface Store {
  locationId: string;
  timeZone: string;
}

/**
 * Booking an appointment (issue 11): the customer found by name or phone, or added with SPEC §5's
 * texts at the fields; then the day and time (the store's), the advisor, the vehicle and notes.
 */
export function NewAppointmentDialog({ open, store, onClose, onBooked }: { open: boolean; store: Store; onClose: () => void; onBooked: (a: Appointment) => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <BookingForm titleId={titleId} store={store} onClose={onClose} onBooked={onBooked} />
    </Dialog>
  );
}

function BookingForm({ titleId, store, onClose, onBooked }: { titleId: string; store: Store; onClose: () => void; onBooked: (a: Appointment) => void }) {
  const { t } = useTranslation('appointments');
  const [mode, setMode] = useState<'search' | 'new'>('search');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [draft, setDraft] = useState<BookingDraft>(EMPTY_DRAFT);
  // One key per booking attempt: a lost answer asked again books one appointment, not two.
  const booking = useDialogForm<FormField | 'customer'>('appointments', { fieldOf: fieldOfPath, keyOf: errorKey, fallback: 'appointments.error_field' });
  const agents = useSWR<{ agents: Colleague[] }>(agentsPath(store.locationId), { revalidateOnFocus: false });
  const country = useStoreCountry(store.locationId);
  const advisors = useMemo(
    () => (agents.data?.agents ?? []).filter((a) => a.active && holdsOrders(a.access_level)),
    [agents.data],
  );
  const ids = { date: useId(), time: useId(), agent: useId(), make: useId(), model: useId(), year: useId(), notes: useId() };

  const set = (field: keyof BookingDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    booking.changed();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const nowMs = Date.now();
    if (mode === 'search') {
      const { body, errors: found } = checkAppointment(draft, store.timeZone, nowMs);
      if (!customer) found.customer = 'appointments.error_pick_customer';
      if (!body || !customer) return booking.show(found);
      booking.send((key) => bookForCustomer(store.locationId, customer.id, body, key), onBooked);
      return;
    }
    const { body, errors: found } = checkNewCustomerBooking(draft, { timeZone: store.timeZone, country, nowMs });
    if (!body) return booking.show(found);
    booking.send((key) => bookForNewCustomer(store.locationId, body, key), onBooked);
  }

  const fieldError = booking.textAt;

  return (
    <form ref={booking.form} className="form booking-form" noValidate onSubmit={submit} data-testid="booking-form">
      <h2 className="dialog__title" id={titleId}>
        {t('appointments.new_title')}
      </h2>
      <CustomerPick
        locationId={store.locationId}
        mode={mode}
        onMode={setMode}
        picked={customer}
        onPick={setCustomer}
        person={draft}
        onPerson={(field, value) => set(field)(value)}
        errors={{ customer: fieldError('customer'), first_name: fieldError('first_name'), last_name: fieldError('last_name'), phone: fieldError('phone'), email: fieldError('email') }}
        words={customerPickWords(t, 'appointments')}
        testIdPrefix="booking"
      />
      <div className="booking-form__grid">
        <TextField id={ids.date} label={t('appointments.date')} value={draft.date} onChange={set('date')} error={fieldError('scheduled_at')} type="date" testId="booking-date" />
        <TextField id={ids.time} label={t('appointments.time')} value={draft.time} onChange={set('time')} error={null} type="time" testId="booking-time" />
        <div className="field">
          <label htmlFor={ids.agent}>{t('appointments.column_advisor')}</label>
          <select id={ids.agent} value={draft.agent_id} data-testid="booking-advisor" onChange={(e) => set('agent_id')(e.target.value)}>
            <option value="">{t('appointments.no_advisor')}</option>
            {advisors.map((a) => (
              <option key={a.id} value={a.id}>
                {fullName(a)}
              </option>
            ))}
          </select>
        </div>
        <TextField id={ids.make} label={t('appointments.make')} value={draft.make} onChange={set('make')} error={null} testId="booking-make" />
        <TextField id={ids.model} label={t('appointments.model')} value={draft.model} onChange={set('model')} error={null} testId="booking-model" />
        <TextField id={ids.year} label={t('appointments.year')} value={draft.year} onChange={set('year')} error={fieldError('year')} inputMode="numeric" testId="booking-year" />
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>{t('appointments.notes')}</label>
        <textarea id={ids.notes} rows={3} maxLength={1000} value={draft.notes} data-testid="booking-notes" onChange={(e) => set('notes')(e.target.value)} />
      </div>
      <DialogFormActions
        formText={fieldError('form')}
        closeLabel={t('common.close')}
        submitLabel={[t('appointments.book'), t('appointments.booking')]}
        sending={booking.sending}
        submitTestId="booking-submit"
        onClose={onClose}
      />
    </form>
  );
}


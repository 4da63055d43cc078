import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { holdsOrders } from '../../../../shared/access.js';
import type { Colleague, Location } from '../../../../shared/api.js';
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import type { Customer } from '../../../../shared/customers.js';
import { Dialog } from '../../components/Dialog.js';
import { fullName } from '../../lib/names.js';
import { formatPhone } from '../../lib/phone.js';
import { ApiError } from '../../lib/request.js';
import { reportFailure } from '../../lib/failures.js';
import {
  EMPTY_DRAFT,
  checkAppointment,
  checkNewCustomerBooking,
  errorKey,
  fieldOfPath,
  storeCountry,
  type BookingDraft,
  type FieldErrors,
  type FormField,
} from './bookingForm.js';
import { agentsPath, bookForCustomer, bookForNewCustomer, locationPath, searchCustomers } from './requests.js';

/** Typing pauses this long before the customers are searched. */
export const SEARCH_DEBOUNCE_MS = 300;

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  // One key per booking attempt: a lost answer asked again books one appointment, not two.
  const attempt = useRef(crypto.randomUUID());
  const form = useRef<HTMLFormElement>(null);
  const agents = useSWR<{ agents: Colleague[] }>(agentsPath(store.locationId), { revalidateOnFocus: false });
  // Numbers written without +<country code> are the store's country's, as the server reads them.
  const storeRecord = useSWR<{ location: Location }>(locationPath(store.locationId), { revalidateOnFocus: false });
  const advisors = useMemo(
    () => (agents.data?.agents ?? []).filter((a) => a.active && holdsOrders(a.access_level)),
    [agents.data],
  );
  const ids = { first: useId(), last: useId(), phone: useId(), email: useId(), date: useId(), time: useId(), agent: useId(), make: useId(), model: useId(), year: useId(), notes: useId() };

  const set = (field: keyof BookingDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    attempt.current = crypto.randomUUID();
  };

  function showErrors(found: FieldErrors) {
    setErrors(found);
    // The keyboard goes to the first field that needs the agent.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const nowMs = Date.now();
    if (mode === 'search') {
      const { body, errors: found } = checkAppointment(draft, store.timeZone, nowMs);
      if (!customer) found.customer = 'appointments.error_pick_customer';
      if (!body || !customer) return showErrors(found);
      setErrors({});
      book(() => bookForCustomer(store.locationId, customer.id, body, attempt.current));
      return;
    }
    const { body, errors: found } = checkNewCustomerBooking(draft, { timeZone: store.timeZone, country: storeCountry(storeRecord.data?.location.phone), nowMs });
    if (!body) return showErrors(found);
    setErrors({});
    book(() => bookForNewCustomer(store.locationId, body, attempt.current));
  }

  function book(request: () => Promise<Appointment>) {
    setSending(true);
    request()
      .then((appointment) => {
        attempt.current = crypto.randomUUID();
        onBooked(appointment);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 422) {
          // The server's texts at their fields, in the agent's language where the console knows them.
          const found: FieldErrors = {};
          const listed = (error.body as { errors?: { message?: string; path?: string }[] } | null)?.errors ?? [];
          for (const item of listed) {
            const field = fieldOfPath(item.path) ?? 'form';
            found[field] ??= errorKey(item.message ?? '') ?? item.message ?? 'appointments.error_field';
          }
          if (!listed.length) found.form = error.message;
          showErrors(found);
          return;
        }
        reportFailure(error);
      })
      .finally(() => setSending(false));
  }

  const fieldError = (field: FormField | 'customer' | 'form') => {
    const value = errors[field];
    return value ? t(value, { defaultValue: value }) : null;
  };

  return (
    <form ref={form} className="form booking-form" noValidate onSubmit={submit} data-testid="booking-form">
      <h2 className="dialog__title" id={titleId}>
        {t('appointments.new_title')}
      </h2>
      <fieldset className="booking-form__who">
        <legend>{t('appointments.customer')}</legend>
        <div className="booking-form__modes" role="group" aria-label={t('appointments.customer')}>
          <button type="button" className="button button--small" aria-pressed={mode === 'search'} data-testid="booking-mode-search" onClick={() => setMode('search')}>
            {t('appointments.find_customer')}
          </button>
          <button type="button" className="button button--small" aria-pressed={mode === 'new'} data-testid="booking-mode-new" onClick={() => setMode('new')}>
            {t('appointments.add_customer')}
          </button>
        </div>
        {mode === 'search' ? (
          <CustomerSearch locationId={store.locationId} picked={customer} onPick={setCustomer} error={fieldError('customer')} />
        ) : (
          <div className="booking-form__grid">
            <TextField id={ids.first} label={t('appointments.first_name')} value={draft.first_name} onChange={set('first_name')} error={fieldError('first_name')} autoComplete="off" testId="booking-first-name" />
            <TextField id={ids.last} label={t('appointments.last_name')} value={draft.last_name} onChange={set('last_name')} error={fieldError('last_name')} autoComplete="off" testId="booking-last-name" />
            <TextField id={ids.phone} label={t('appointments.phone')} value={draft.phone} onChange={set('phone')} error={fieldError('phone')} type="tel" autoComplete="off" testId="booking-phone" />
            <TextField id={ids.email} label={t('appointments.email')} value={draft.email} onChange={set('email')} error={fieldError('email')} type="email" autoComplete="off" testId="booking-email" />
          </div>
        )}
      </fieldset>
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
      {fieldError('form') ? (
        <p className="notice notice--error" role="alert">
          {fieldError('form')}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
        <button type="submit" className="button button--primary" disabled={sending} data-testid="booking-submit">
          {sending ? t('appointments.booking') : t('appointments.book')}
        </button>
      </div>
    </form>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  testId: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Customers by name or phone (SPEC §7 search, 50 at most), asked once typing pauses. */
function CustomerSearch({ locationId, picked, onPick, error }: { locationId: string; picked: Customer | null; onPick: (c: Customer | null) => void; error: string | null }) {
  const { t } = useTranslation('appointments');
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Customer[] | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setFound(null);
      return;
    }
    const control = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      searchCustomers(locationId, text, control.signal)
        .then(setFound)
        .catch((e: unknown) => {
          reportFailure(e);
          setFound([]);
        })
        .finally(() => setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      control.abort();
    };
  }, [query, locationId]);

  if (picked) {
    return (
      <p className="booking-form__picked" data-testid="booking-picked">
        <span>
          {fullName(picked)} · {formatPhone(picked.phones.cell)}
        </span>
        <button type="button" className="link-button" onClick={() => onPick(null)}>
          {t('appointments.change_customer')}
        </button>
      </p>
    );
  }
  return (
    <div className="field">
      <label htmlFor={inputId}>{t('appointments.search_label')}</label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={t('appointments.search_placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        data-testid="booking-search"
        onChange={(e) => setQuery(e.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${inputId}-error`}>
          {error}
        </p>
      ) : null}
      <div role="status" className="booking-form__status">
        {searching ? t('appointments.searching') : found && !found.length ? t('appointments.no_customers') : ''}
      </div>
      {found?.length ? (
        <ul className="booking-form__results" aria-label={t('appointments.search_results')}>
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" className="booking-form__result" data-testid="booking-result" onClick={() => onPick(c)}>
                <span>{fullName(c)}</span>
                <span className="booking-form__result-phone">{formatPhone(c.phones.cell)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

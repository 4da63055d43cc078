import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Customer } from '../../../../shared/customers.js';
import type { Guest } from '../../../../shared/guests/guests.js';
import { Dialog } from '../../components/Dialog.js';
import { reportFailure } from '../../lib/failures.js';
import { fullName } from '../../lib/names.js';
import { formatPhone } from '../../lib/phone.js';
import { ApiError } from '../../lib/request.js';
import { problemKey } from './ConvertDialog.js';
import { findCustomers, linkGuest } from './requests.js';

/** Typing pauses this long before the store's customers are searched. */
export const SEARCH_PAUSE_MS = 300;

/** The value once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Linking the guest to a customer the store already has (found by name in either order or by phone,
 * the core's customer search): the agent picks one, reads what linking does (the guest's number
 * becomes the customer's cell, their current cell is kept), and links.
 */
export function LinkDialog({ open, guest, locationId, onClose, onLinked }: { open: boolean; guest: Guest; locationId: string; onClose: () => void; onLinked: (guest: Guest) => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <LinkForm titleId={titleId} guest={guest} locationId={locationId} onClose={onClose} onLinked={onLinked} />
    </Dialog>
  );
}

function LinkForm({ titleId, guest, locationId, onClose, onLinked }: { titleId: string; guest: Guest; locationId: string; onClose: () => void; onLinked: (guest: Guest) => void }) {
  const { t } = useTranslation('guests');
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Customer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const query = useSettled(typed.trim(), SEARCH_PAUSE_MS);
  const found = useSWR(query ? ['guests:customer-search', locationId, query] : null, () => findCustomers(locationId, query), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: reportFailure,
  });

  function link(customer: Customer) {
    setLinking(true);
    setProblem(null);
    linkGuest(guest.id, customer.id)
      .then(onLinked)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 409)) return reportFailure(error);
        const body = error.body as { errors?: { message: string }[]; error?: { message: string } } | null;
        setProblem(problemKey(body?.errors?.[0]?.message ?? body?.error?.message ?? error.message));
      })
      .finally(() => setLinking(false));
  }

  const results = found.data ?? [];
  const status = found.isLoading ? t('guests.searching') : query && found.data && results.length === 0 ? t('guests.no_customers') : '';
  return (
    <div className="guest-form" data-testid="link-form">
      <h2 className="dialog__title" id={titleId}>
        {t('guests.link_title')}
      </h2>
      {chosen ? (
        <>
          <p data-testid="link-consequence">
            {t('guests.link_consequence', { name: fullName(chosen), phone: formatPhone(guest.customer.phones.cell) })}
          </p>
          {problem ? (
            <p className="notice notice--error" role="alert">
              {t(problem, { defaultValue: problem })}
            </p>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => setChosen(null)}>
              {t('guests.pick_another')}
            </button>
            <button type="button" className="button button--primary" disabled={linking} data-testid="link-confirm" onClick={() => link(chosen)}>
              {linking ? t('guests.saving') : t('guests.link_to', { name: fullName(chosen) })}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={inputId}>{t('guests.search_label')}</label>
            <input id={inputId} type="text" enterKeyHint="search" value={typed} placeholder={t('guests.search_placeholder')} autoComplete="off" data-testid="link-search" onChange={(e) => setTyped(e.target.value)} />
          </div>
          <p role="status" className="guest-form__status">
            {status}
          </p>
          {results.length > 0 ? (
            <ul className="guest-form__results" aria-label={t('guests.search_results')}>
              {results.map((customer) => (
                <li key={customer.id}>
                  <button type="button" className="guest-form__result" data-testid="link-result" onClick={() => setChosen(customer)}>
                    <span>{fullName(customer)}</span>
                    <span className="guest-form__result-phone">{formatPhone(customer.phones.cell)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

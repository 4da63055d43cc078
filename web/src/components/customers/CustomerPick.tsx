import { useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import type { CountryCode } from 'libphonenumber-js/min';
import type { Location } from '../../../../shared/api.js';
import type { Customer } from '../../../../shared/customers.js';
import { reportFailure } from '../../lib/failures.js';
import { fullName } from '../../lib/names.js';
import { storeCountry, type PersonDraft, type PersonField } from '../../lib/personForm.js';
import { formatPhone } from '../../lib/phone.js';
import { TextField } from '../TextField.js';
import { searchCustomers } from './customerRequests.js';
import './customer-pick.css';

/** Typing pauses this long before the customers are searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The picker's words, in the board's own namespace (they name the board's record in some languages). */
export interface CustomerPickWords {
  legend: string;
  find: string;
  add: string;
  searchLabel: string;
  searchPlaceholder: string;
  searching: string;
  none: string;
  results: string;
  change: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export type CustomerPickMode = 'search' | 'new';

/**
 * The picker's words from a board's namespace that keeps them under one group with these names
 * (`appointments.find_customer`, `inventory.search_label`, …).
 */
export function customerPickWords(t: (key: string) => string, group: string): CustomerPickWords {
  const word = (name: string) => t(`${group}.${name}`);
  return {
    legend: word('customer'),
    find: word('find_customer'),
    add: word('add_customer'),
    searchLabel: word('search_label'),
    searchPlaceholder: word('search_placeholder'),
    searching: word('searching'),
    none: word('no_customers'),
    results: word('search_results'),
    change: word('change_customer'),
    firstName: word('first_name'),
    lastName: word('last_name'),
    phone: word('phone'),
    email: word('email'),
  };
}

/** Numbers typed without +<country code> are the store's country's, as the server reads them. */
export function useStoreCountry(locationId: string): CountryCode {
  const { data } = useSWR<{ location: Location }>(`/api/locations/${encodeURIComponent(locationId)}`, { revalidateOnFocus: false });
  return storeCountry(data?.location.phone);
}

/**
 * Who a booking or an order is for (issue 11): a customer of the store found by name (either order)
 * or phone, or a new one typed in with SPEC §5's texts at the fields. The board keeps the state and
 * checks it (lib/personForm.ts); `errors` are already in the agent's language. Test ids start with
 * `testIdPrefix` (`booking-search`, `booking-first-name`, …).
 */
export function CustomerPick({
  locationId,
  mode,
  onMode,
  picked,
  onPick,
  person,
  onPerson,
  errors,
  words,
  testIdPrefix,
}: {
  locationId: string;
  mode: CustomerPickMode;
  onMode: (mode: CustomerPickMode) => void;
  picked: Customer | null;
  onPick: (customer: Customer | null) => void;
  person: PersonDraft;
  onPerson: (field: PersonField, value: string) => void;
  errors: Partial<Record<PersonField | 'customer', string | null>>;
  words: CustomerPickWords;
  testIdPrefix: string;
}) {
  const ids = { first: useId(), last: useId(), phone: useId(), email: useId() };
  const field = (name: PersonField, label: string, id: string, testId: string, type?: string) => (
    <TextField id={id} label={label} value={person[name]} onChange={(value) => onPerson(name, value)} error={errors[name] ?? null} type={type} autoComplete="off" testId={`${testIdPrefix}-${testId}`} />
  );
  return (
    <fieldset className="customer-pick">
      <legend>{words.legend}</legend>
      <div className="customer-pick__modes" role="group" aria-label={words.legend}>
        <button type="button" className="button button--small" aria-pressed={mode === 'search'} data-testid={`${testIdPrefix}-mode-search`} onClick={() => onMode('search')}>
          {words.find}
        </button>
        <button type="button" className="button button--small" aria-pressed={mode === 'new'} data-testid={`${testIdPrefix}-mode-new`} onClick={() => onMode('new')}>
          {words.add}
        </button>
      </div>
      {mode === 'search' ? (
        <CustomerSearch locationId={locationId} picked={picked} onPick={onPick} error={errors.customer ?? null} words={words} testIdPrefix={testIdPrefix} />
      ) : (
        <div className="customer-pick__fields">
          {field('first_name', words.firstName, ids.first, 'first-name')}
          {field('last_name', words.lastName, ids.last, 'last-name')}
          {field('phone', words.phone, ids.phone, 'phone', 'tel')}
          {field('email', words.email, ids.email, 'email', 'email')}
        </div>
      )}
    </fieldset>
  );
}

/** Customers by name or phone (SPEC §7 search, 50 at most), asked once typing pauses. */
function CustomerSearch({
  locationId,
  picked,
  onPick,
  error,
  words,
  testIdPrefix,
}: {
  locationId: string;
  picked: Customer | null;
  onPick: (c: Customer | null) => void;
  error: string | null;
  words: CustomerPickWords;
  testIdPrefix: string;
}) {
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
      <p className="customer-pick__picked" data-testid={`${testIdPrefix}-picked`}>
        <span>
          {fullName(picked)} · {formatPhone(picked.phones.cell)}
        </span>
        <button type="button" className="link-button" onClick={() => onPick(null)}>
          {words.change}
        </button>
      </p>
    );
  }
  return (
    <div className="field">
      <label htmlFor={inputId}>{words.searchLabel}</label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={words.searchPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        data-testid={`${testIdPrefix}-search`}
        onChange={(e) => setQuery(e.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${inputId}-error`}>
          {error}
        </p>
      ) : null}
      <div role="status" className="customer-pick__status">
        {searching ? words.searching : found && !found.length ? words.none : ''}
      </div>
      {found?.length ? (
        <ul className="customer-pick__results" aria-label={words.results}>
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" className="customer-pick__result" data-testid={`${testIdPrefix}-result`} onClick={() => onPick(c)}>
                <span>{fullName(c)}</span>
                <span className="customer-pick__result-phone">{formatPhone(c.phones.cell)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The search: one box (a phone or its last 4 digits, an RO number, a VIN or its last 8, a name),
 * the advisor, the closed dates and, for whoever reaches several stores, the whole company. The
 * server's own check runs first, so a refusal reads as SPEC §8 says it at the field it is about.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { HistoryErrorId } from '../../../../shared/history/types.js';
import { fullName } from '../../lib/names.js';
import { checkSearch, DEFAULT_TAB, fieldOfError, type SearchFields } from './historyQuery.js';
import { agentsPath, type Colleague } from './requests.js';

const ERROR_ID = 'history-error';

/** A date field holding what is no date (typed half) reads as empty; the check must still see it. */
const NOT_A_DAY = 'not-a-day';
const dayOf = (input: HTMLInputElement | null, value: string) => (input?.validity.badInput ? NOT_A_DAY : value);

export function SearchForm({
  initial,
  locationId,
  reachesSeveral,
  addressError,
  onSearch,
}: {
  initial: SearchFields;
  locationId: string;
  reachesSeveral: boolean;
  /** What the address asks for is refused (a link typed by hand): said before anything is searched. */
  addressError: HistoryErrorId | null;
  onSearch: (fields: SearchFields) => void;
}) {
  const { t } = useTranslation('history');
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState<HistoryErrorId | null>(addressError);
  const from = useRef<HTMLInputElement>(null);
  const to = useRef<HTMLInputElement>(null);
  const { data } = useSWR<{ agents: Colleague[] }>(agentsPath(locationId), { revalidateOnFocus: false });
  const agents = data?.agents ?? [];
  const wrong = error ? fieldOfError(error) : null;

  // The address changed (a search made, Back, a page): the form shows what it now asks. The fields
  // stay the same elements, so the keyboard stays where it was.
  const asked = JSON.stringify(initial);
  useEffect(() => {
    setFields(JSON.parse(asked) as SearchFields);
    setError(addressError);
  }, [asked, addressError]);

  const set = <Name extends keyof SearchFields>(name: Name, value: SearchFields[Name]) => setFields((current) => ({ ...current, [name]: value }));
  const marked = (name: 'q' | 'closed_from' | 'closed_to') => (wrong === name ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = { ...fields, closed_from: dayOf(from.current, fields.closed_from), closed_to: dayOf(to.current, fields.closed_to) };
    const check = checkSearch({ tab: DEFAULT_TAB, fields: typed, offset: 0 });
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    onSearch(fields);
  }

  return (
    <form className="history-form" role="search" aria-label={t('history.form_label')} noValidate onSubmit={submit} data-testid="history-form">
      <div className="field history-form__box">
        <label htmlFor="history-q">{t('history.q_label')}</label>
        <input id="history-q" type="search" value={fields.q} autoComplete="off" placeholder={t('history.q_placeholder')} data-testid="history-q" onChange={(e) => set('q', e.target.value)} {...marked('q')} />
      </div>
      <div className="field">
        <label htmlFor="history-advisor">{t('history.advisor_label')}</label>
        <select id="history-advisor" value={fields.advisor_id} data-testid="history-advisor" onChange={(e) => set('advisor_id', e.target.value)}>
          <option value="">{t('history.any_advisor')}</option>
          {/* An advisor the address names stays choosable before the list arrives, or after they left. */}
          {fields.advisor_id && !agents.some((a) => a.id === fields.advisor_id) ? <option value={fields.advisor_id}>{t('history.named_advisor')}</option> : null}
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.active ? fullName(agent) : t('history.former_advisor', { name: fullName(agent) })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="history-closed-from">{t('history.closed_from_label')}</label>
        <input ref={from} id="history-closed-from" type="date" value={fields.closed_from} data-testid="history-closed-from" onChange={(e) => set('closed_from', e.target.value)} {...marked('closed_from')} />
      </div>
      <div className="field">
        <label htmlFor="history-closed-to">{t('history.closed_to_label')}</label>
        <input ref={to} id="history-closed-to" type="date" value={fields.closed_to} min={fields.closed_from || undefined} data-testid="history-closed-to" onChange={(e) => set('closed_to', e.target.value)} {...marked('closed_to')} />
      </div>
      {reachesSeveral ? (
        <label className="check history-form__scope">
          <input type="checkbox" checked={fields.scope === 'company'} data-testid="history-scope" onChange={(e) => set('scope', e.target.checked ? 'company' : 'location')} />
          {t('history.scope_company')}
        </label>
      ) : null}
      <button type="submit" className="button button--primary history-form__submit" data-testid="history-submit">
        {t('history.search')}
      </button>
      {error ? (
        <p id={ERROR_ID} className="notice notice--error history-form__error" role="alert" data-testid="history-error" data-error={error}>
          {t(`history.error.${error}`)}
        </p>
      ) : null}
    </form>
  );
}

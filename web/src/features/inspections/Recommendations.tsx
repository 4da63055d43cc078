import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recommendation, SheetGroup, SheetReply } from '../../../../shared/inspections/inspections.js';
import { currencySymbol, type Locale } from '../../../../shared/locales.js';
import { formatMoney } from '../../../../shared/money.js';
import { randomId } from '../../lib/device.js';
import { DecisionControl } from './advisor/DecisionControl.js';
import { parseMoneyInput } from './moneyInput.js';
import { itemKey } from './SheetGroups.js';
import type { DraftAction, DraftRecommendation } from './sheetDraft.js';

/** "Brakes — Front pads": how the item picker names an item (the browser tests pick by it). */
export const itemOptionLabel = (group: string, item: string) => `${group} — ${item}`;

/**
 * The recommended work (SPEC §3, §4): what the technician found worth doing, with an estimated cost
 * in the location's currency; each with its decision (from the advisor's DecisionControl).
 */
export function Recommendations({
  roId,
  recommendations,
  saved,
  groups,
  editable,
  moneyLocale,
  canDecide,
  invalid,
  dispatch,
  onReply,
}: {
  roId: string;
  recommendations: DraftRecommendation[];
  /** The recommendations as the server has them: decisions come from there. */
  saved: Recommendation[];
  groups: SheetGroup[];
  editable: boolean;
  moneyLocale: Locale;
  canDecide: boolean;
  /** The recommendation a save refused to send, and why. */
  invalid: { key: string; field: 'item' | 'price' } | null;
  dispatch: (action: DraftAction) => void;
  onReply: (reply: SheetReply) => void;
}) {
  const { t } = useTranslation('inspections');
  const byId = new Map(saved.map((r) => [r.id, r]));
  const total = recommendations.reduce((sum, r) => {
    const price = parseMoneyInput(r.price, moneyLocale);
    return sum + (price.ok ? price.cents : 0);
  }, 0);
  return (
    <section className="mpi-panel mpi-recommendations" aria-labelledby="mpi-recommendations-title">
      <header className="mpi-panel__header">
        <h2 id="mpi-recommendations-title" className="mpi-panel__title">
          {t('mpi.recommendations')}
        </h2>
        {recommendations.length ? <span className="mpi-panel__aside">{t('mpi.recommendations_total', { amount: formatMoney(total, moneyLocale) })}</span> : null}
      </header>
      {recommendations.length === 0 ? <p className="muted">{t('mpi.no_recommendations')}</p> : null}
      <ul className="mpi-recommendation-list">
        {recommendations.map((r) => (
          <RecommendationRow
            key={r.key}
            roId={roId}
            recommendation={r}
            saved={r.id ? (byId.get(r.id) ?? null) : null}
            groups={groups}
            editable={editable}
            moneyLocale={moneyLocale}
            canDecide={canDecide}
            invalid={invalid?.key === r.key ? invalid.field : null}
            dispatch={dispatch}
            onReply={onReply}
          />
        ))}
      </ul>
      {editable ? (
        <button type="button" className="button mpi-touch" data-testid="mpi-add-recommendation" onClick={() => dispatch({ type: 'add_recommendation', key: `new-${randomId()}` })}>
          {t('mpi.add_recommendation')}
        </button>
      ) : null}
    </section>
  );
}

function RecommendationRow({
  roId,
  recommendation: r,
  saved,
  groups,
  editable,
  moneyLocale,
  canDecide,
  invalid,
  dispatch,
  onReply,
}: {
  roId: string;
  recommendation: DraftRecommendation;
  saved: Recommendation | null;
  groups: SheetGroup[];
  editable: boolean;
  moneyLocale: Locale;
  canDecide: boolean;
  invalid: 'item' | 'price' | null;
  dispatch: (action: DraftAction) => void;
  onReply: (reply: SheetReply) => void;
}) {
  const { t } = useTranslation('inspections');
  const ids = useId();
  const price = parseMoneyInput(r.price, moneyLocale);
  const priceInvalid = !price.ok || invalid === 'price';
  const approved = saved ? saved.approved : null;
  const edit = (change: Partial<Pick<DraftRecommendation, 'group' | 'item' | 'price' | 'comment' | 'notes'>>) =>
    dispatch({ type: 'edit_recommendation', key: r.key, change });

  return (
    <li
      className={`mpi-recommendation mpi-recommendation--${approved === true ? 'approved' : approved === false ? 'declined' : 'undecided'}`}
      data-testid="mpi-recommendation"
      data-recommendation-id={r.id ?? ''}
      data-approved={String(approved)}
    >
      {editable ? (
        <div className="mpi-recommendation__form">
          <div className="field">
            <label htmlFor={`${ids}-item`}>{t('mpi.recommendation_item')}</label>
            <select
              id={`${ids}-item`}
              value={r.group && r.item ? itemKey(r.group, r.item) : ''}
              aria-invalid={invalid === 'item' ? true : undefined}
              data-testid="mpi-recommendation-item"
              onChange={(event) => {
                const [group = '', item = ''] = event.target.value.split('\u0000');
                edit({ group, item });
              }}
            >
              <option value="">{t('mpi.recommendation_item_choose')}</option>
              {groups.map((g) => (
                <optgroup key={g.name} label={g.name}>
                  {g.items.map((i) => (
                    <option key={i.name} value={itemKey(g.name, i.name)}>
                      {itemOptionLabel(g.name, i.name)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-comment`}>{t('mpi.recommendation_comment')}</label>
            <textarea
              id={`${ids}-comment`}
              rows={2}
              maxLength={1600}
              value={r.comment}
              data-testid="mpi-recommendation-comment"
              onChange={(event) => edit({ comment: event.target.value })}
            />
            <p className="field__hint">{t('mpi.recommendation_comment_hint')}</p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-notes`}>{t('mpi.recommendation_notes')}</label>
            <textarea id={`${ids}-notes`} rows={1} maxLength={1600} value={r.notes} data-testid="mpi-recommendation-notes" onChange={(event) => edit({ notes: event.target.value })} />
            <p className="field__hint">{t('mpi.recommendation_notes_hint')}</p>
          </div>
          <div className="field mpi-recommendation__price">
            <label htmlFor={`${ids}-price`}>{t('mpi.recommendation_price', { symbol: currencySymbol(moneyLocale) })}</label>
            <input
              id={`${ids}-price`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={r.price}
              aria-invalid={priceInvalid ? true : undefined}
              aria-describedby={priceInvalid ? `${ids}-price-error` : undefined}
              data-testid="mpi-recommendation-price"
              onChange={(event) => edit({ price: event.target.value })}
            />
            {priceInvalid ? (
              <p className="field__hint mpi-error-text" id={`${ids}-price-error`}>
                {t('mpi.price_invalid')}
              </p>
            ) : price.ok && price.cents > 0 ? (
              <p className="field__hint">{formatMoney(price.cents, moneyLocale)}</p>
            ) : null}
          </div>
          <div className="mpi-recommendation__row-actions">
            {!r.id ? <span className="muted">{t('mpi.recommendation_unsaved')}</span> : null}
            <button type="button" className="button button--small" data-testid="mpi-recommendation-remove" onClick={() => dispatch({ type: 'remove_recommendation', key: r.key })}>
              {t('mpi.recommendation_remove')}
            </button>
          </div>
        </div>
      ) : (
        <div className="mpi-recommendation__view">
          <p className="mpi-recommendation__item">{r.group && r.item ? itemOptionLabel(r.group, r.item) : '—'}</p>
          {r.comment ? <p className="mpi-recommendation__comment preserve-lines">{r.comment}</p> : null}
          {r.notes ? (
            <p className="mpi-recommendation__notes preserve-lines">
              <span className="muted">{t('mpi.recommendation_notes')}: </span>
              {r.notes}
            </p>
          ) : null}
          <p className="mpi-recommendation__amount" data-testid="mpi-recommendation-amount">
            {price.ok ? formatMoney(price.cents, moneyLocale) : r.price}
          </p>
        </div>
      )}
      {saved ? (
        <div className="mpi-recommendation__decision">
          <DecisionControl roId={roId} recommendation={saved} canDecide={canDecide} onReply={onReply} />
        </div>
      ) : null}
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import type { MassSelection } from './useMassSelection.js';
import type { Pickable } from './selection.js';
import './massText.css';

/** The bar's words that name the board's records (they agree with the board's noun in many languages). */
export interface SelectionBarWords {
  /** The bar's name for a screen reader ("Select appointments to text"). */
  label: string;
  /** "Select all on this page". */
  pickShown: string;
  /** "Select all (45)": every record of the list, loaded or not. */
  pickAll: string;
  /** "2 selected". */
  picked: string;
  /** "Send text to selected". */
  open: string;
}

/**
 * Picking a board's records for one text (SPEC §4 "Selection"): every row shown, all of the list,
 * skipping opted-out contacts, the count, clearing, and the button that opens the mass-text dialog.
 * The rows carry their own boxes (`mass.picked`, `mass.toggle`).
 */
export function SelectionBar<R extends Pickable>({ mass, shown, words, contact }: { mass: MassSelection<R>; shown: readonly R[]; words: SelectionBarWords; contact?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mass-selection" role="group" aria-label={words.label} data-testid="selection-bar">
      <label className="check">
        <input type="checkbox" checked={mass.shownPicked(shown)} data-testid="pick-page" onChange={(event) => mass.pickShown(shown, event.target.checked)} />
        {words.pickShown}
      </label>
      <button type="button" className="button button--small" aria-pressed={mass.selection.kind === 'all'} data-testid="pick-all" onClick={mass.pickAll}>
        {words.pickAll}
      </button>
      <label className="check">
        <input type="checkbox" checked={mass.skipOptedOut} data-testid="skip-opted-out" onChange={(event) => mass.setSkipOptedOut(event.target.checked)} />
        {t('mass_text.skip_opted_out_label', { context: contact })}
      </label>
      <span className="mass-selection__picked" role="status" data-testid="picked-count">
        {words.picked}
      </span>
      {!mass.nothingPicked ? (
        <button type="button" className="button button--small" data-testid="pick-clear" onClick={mass.clear}>
          {t('mass_text.pick_clear')}
        </button>
      ) : null}
      <button type="button" className="button button--small button--primary" disabled={mass.nothingPicked} data-testid="mass-open" onClick={mass.openDialog}>
        {words.open}
      </button>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLocation, type ReadySession } from '../../lib/session.js';

/** Admins work across the company's locations and pick one (SPEC §4); everyone else sees theirs. */
export function LocationPicker({ current }: { current: ReadySession }) {
  const { t } = useTranslation();
  const id = useId();
  if (!current.acting.access_level.admin || current.locations.length < 2) {
    return (
      <div className="picker">
        <span className="picker__label">{t('shell.location')}</span>
        <span className="picker__value">{current.location.name}</span>
      </div>
    );
  }
  return (
    <div className="picker">
      <label className="picker__label" htmlFor={id}>
        {t('shell.location')}
      </label>
      <select id={id} className="picker__select" value={current.location.id} onChange={(event) => void chooseLocation(event.target.value)}>
        {current.locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
    </div>
  );
}

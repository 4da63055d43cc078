import { useTranslation } from 'react-i18next';
import { Picker } from '../../components/Picker.js';
import { chooseLocation, type ReadySession } from '../../lib/session.js';

/** Admins work across the company's locations and pick one (SPEC §4); everyone else sees theirs. */
export function LocationPicker({ current }: { current: ReadySession }) {
  const { t } = useTranslation();
  if (!current.acting.access_level.admin || current.locations.length < 2) {
    return (
      <div className="picker">
        <span className="picker__label">{t('shell.location')}</span>
        <span className="picker__value">{current.location.name}</span>
      </div>
    );
  }
  return (
    <Picker
      label={t('shell.location')}
      value={current.location.id}
      options={current.locations.map((location) => ({ value: location.id, label: location.name }))}
      onChange={(value) => void chooseLocation(value)}
    />
  );
}

import { useId } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  /** The option's language, so a screen reader reads a language name in that language. */
  lang?: string;
}

/** A labelled select of the console's header (location, team, language, view as). */
export function Picker({
  label,
  value,
  options,
  onChange,
  busy = false,
}: {
  label: string;
  value: string;
  options: PickerOption[];
  onChange: (value: string) => void;
  busy?: boolean;
}) {
  const id = useId();
  return (
    <div className="picker">
      <label className="picker__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="picker__select"
        value={value}
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

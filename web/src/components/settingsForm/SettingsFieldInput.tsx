/**
 * One field of a settings form, by its kind, labelled and with its problem tied to it for screen
 * readers; and `fieldProblem`, the field's own rule in the agent's language.
 */
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { parsePhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { formatPhone } from '../../lib/phone.js';
import { phoneProblem } from '../../lib/personForm.js';
import { fieldTestId, type SettingsField } from './settingsFields.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with the field's value, in words, or null. Empty phones are allowed: a blank number is "none". */
export function fieldProblem(field: SettingsField, value: unknown, country: CountryCode, t: TFunction): string | null {
  switch (field.kind) {
    case 'number':
      return typeof value === 'number' && Number.isInteger(value) && value >= field.min && value <= field.max ? null : t('settings_form.error_range', { min: field.min, max: field.max });
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? null : t('settings_form.error_time');
    case 'text':
      if (field.required && (typeof value !== 'string' || !value.trim())) return t('settings_form.error_required');
      return typeof value === 'string' && value.length > field.maxLength ? t('settings_form.error_too_long', { max: field.maxLength }) : null;
    case 'textarea':
      return typeof value === 'string' && value.length > field.maxLength ? t('settings_form.error_too_long', { max: field.maxLength }) : null;
    case 'phone': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return null;
      const problem = phoneProblem(text, country);
      return problem ? t(`settings_form.error_phone_${problem}`) : null;
    }
    case 'tags':
      return Array.isArray(value) && value.length > field.maxTags ? t('settings_form.error_entries_limit', { max: field.maxTags }) : null;
    default:
      return null;
  }
}

interface InputProps {
  id: string;
  field: SettingsField;
  value: unknown;
  problem: string | null;
  country: CountryCode;
  t: TFunction;
  onChange: (value: unknown) => void;
}

export function SettingsFieldInput({ id, field, value, problem, country, t, onChange }: InputProps) {
  const testId = fieldTestId(field);
  const hintId = field.hint || field.kind === 'textarea' ? `${id}-hint` : null;
  const problemId = problem ? `${id}-problem` : null;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  const invalid = problem ? true : undefined;

  const hint = hintId ? (
    <p className="field__hint" id={hintId}>
      {field.hint ? t(field.hint) : null}
      {field.kind === 'textarea' ? <span className="settings-form__counter">{t('settings_form.counter', { count: String(value ?? '').length, max: field.maxLength })}</span> : null}
    </p>
  ) : null;
  const problemText = problem ? (
    <p className="field__error" id={problemId ?? undefined} data-testid={`${testId}-error`}>
      {problem}
    </p>
  ) : null;

  if (field.kind === 'checkbox') {
    return (
      <div className="field settings-form__check">
        <label className="check">
          <input type="checkbox" id={id} data-testid={testId} checked={value === true} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
          {t(field.label)}
        </label>
        {hint}
        {problemText}
      </div>
    );
  }

  // What every kind of input carries: its label's id, its test id, its hint and problem.
  const common = { id, 'data-testid': testId, 'aria-invalid': invalid, 'aria-describedby': describedBy };
  const words = { ...common, value: String(value ?? ''), onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value) };
  let input;
  switch (field.kind) {
    case 'number':
      input = (
        <input
          {...common}
          type="number"
          className="settings__number"
          min={field.min}
          max={field.max}
          step={1}
          value={typeof value === 'number' && !Number.isNaN(value) ? value : ''}
          onChange={(event) => onChange(event.target.valueAsNumber)}
        />
      );
      break;
    case 'select': {
      const options = field.options.includes(value as never) || value === undefined ? field.options : [value as string | number, ...field.options];
      input = (
        <select {...common} value={String(value ?? '')} onChange={(event) => onChange(options.find((option) => String(option) === event.target.value))}>
          {options.map((option) => (
            <option key={String(option)} value={String(option)}>
              {field.names?.[String(option)] ?? (field.unit ? t(field.unit, { count: Number(option) }) : field.optionLabels ? t(`${field.optionLabels}${String(option)}`) : String(option))}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'textarea':
      input = <textarea {...words} className="settings__textarea" rows={3} />;
      break;
    case 'time':
      input = <input {...words} type="time" />;
      break;
    case 'phone':
      input = <input {...words} type="tel" autoComplete="off" />;
      break;
    case 'tags':
      input = <TagInput id={id} field={field} tags={Array.isArray(value) ? value.map(String) : []} describedBy={describedBy} invalid={invalid} country={country} t={t} onChange={onChange} />;
      break;
    case 'text':
      input = <input {...words} type="text" inputMode={field.inputMode} readOnly={field.readOnly} />;
      break;
  }
  return (
    <div className="field">
      <label htmlFor={id}>{t(field.label)}</label>
      {input}
      {hint}
      {problemText}
    </div>
  );
}

/** A tag list (op codes, ring-to numbers): a tag is added with Enter or Tab (SPEC §5), removed by its button. */
function TagInput({
  id,
  field,
  tags,
  describedBy,
  invalid,
  country,
  t,
  onChange,
}: {
  id: string;
  field: Extract<SettingsField, { kind: 'tags' }>;
  tags: string[];
  describedBy: string | undefined;
  invalid: true | undefined;
  country: CountryCode;
  t: TFunction;
  onChange: (value: unknown) => void;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const testId = fieldTestId(field);

  function add(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    const text = draft.trim();
    // An empty Tab moves on as Tab does; an empty Enter does not submit the form half-typed.
    if (!text) {
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    event.preventDefault();
    let tag = text.slice(0, field.maxLength);
    if (field.phone) {
      const wrong = phoneProblem(text, country);
      if (wrong) {
        setProblem(t(`settings_form.error_phone_${wrong}`));
        return;
      }
      tag = parsePhoneNumber(text, country).number;
    }
    setProblem(null);
    setDraft('');
    if (!tags.includes(tag)) onChange([...tags, tag]);
  }

  const ownProblemId = problem ? `${id}-tag-problem` : null;
  return (
    <div className="settings-form__tags">
      {tags.length ? (
        <ul className="settings-form__tag-list" aria-label={t(field.label)} data-testid={`${testId}-tags`}>
          {tags.map((tag) => (
            <li key={tag} className="settings-form__tag">
              <span>{field.phone ? formatPhone(tag) : tag}</span>
              <button type="button" className="settings-form__tag-remove" aria-label={t('settings_form.remove_tag', { tag })} onClick={() => onChange(tags.filter((other) => other !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        type={field.phone ? 'tel' : 'text'}
        autoComplete="off"
        data-testid={testId}
        aria-invalid={invalid || (problem ? true : undefined)}
        aria-describedby={[describedBy, ownProblemId, `${id}-tag-hint`].filter(Boolean).join(' ')}
        value={draft}
        onChange={(event) => {
          setProblem(null);
          setDraft(event.target.value);
        }}
        onKeyDown={add}
      />
      <p className="field__hint" id={`${id}-tag-hint`}>
        {t('settings_form.tag_hint')}
      </p>
      {problem ? (
        <p className="field__error" id={ownProblemId ?? undefined} data-testid={`${testId}-tag-error`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

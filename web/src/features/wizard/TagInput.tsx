/**
 * A list of short entries (op codes, e-mail addresses, phone numbers) typed one at a time: Enter or
 * Tab adds what is typed as a tag (SPEC §5 "Tag inputs added with Enter or Tab"); Tab with nothing
 * typed moves on as usual. Each tag has its own remove button.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function TagInput({
  label,
  hint,
  tags,
  onChange,
  inputMode,
  testId,
}: {
  label: string;
  hint: string;
  tags: readonly string[];
  onChange: (next: string[]) => void;
  inputMode?: 'email' | 'tel' | 'text';
  testId: string;
}) {
  const { t } = useTranslation('wizard');
  const ids = useId();
  const [typed, setTyped] = useState('');

  function keys(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    // Enter never submits the page from here: Next is the page's own button.
    if (event.key === 'Enter') event.preventDefault();
    const entry = typed.trim();
    if (!entry) return;
    event.preventDefault();
    if (!tags.includes(entry)) onChange([...tags, entry]);
    setTyped('');
  }

  return (
    <div className="field wizard-tags" data-testid={testId}>
      <label htmlFor={`${ids}-input`}>{label}</label>
      {tags.length > 0 ? (
        <ul className="wizard-tags__list" aria-label={label}>
          {tags.map((tag) => (
            <li key={tag} className="wizard-tags__tag">
              <span>{tag}</span>
              <button type="button" className="wizard-tags__remove" aria-label={t('wizard.remove_tag', { tag })} onClick={() => onChange(tags.filter((each) => each !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={`${ids}-input`}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        value={typed}
        aria-describedby={`${ids}-hint`}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={keys}
      />
      <p className="field__hint" id={`${ids}-hint`}>
        {hint}
      </p>
    </div>
  );
}

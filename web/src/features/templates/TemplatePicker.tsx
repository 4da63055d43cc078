/**
 * The composer's template picker (every board's composer, lib/featureParts.tsx `ComposerTool`): the
 * templates the agent may use that this conversation's board offers, filled in for it by the server;
 * a search by name; arrows choose, Enter inserts at the cursor, Escape closes. "My templates" is
 * where an agent without Settings (an advisor) writes, changes and deletes their own.
 */
import { Suspense, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Dialog } from '../../components/Dialog.js';
import type { ComposerToolProps } from '../../lib/featureParts.js';
import { offeredTemplates, type OfferedTemplate } from './requests.js';
import { TemplateList } from './TemplateList.js';

export function TemplatePicker(props: ComposerToolProps) {
  // Its words come with the feature's chunk: the composer never waits for them.
  return (
    <Suspense fallback={null}>
      <PickerButton {...props} />
    </Suspense>
  );
}

function PickerButton({ owner, insert }: ComposerToolProps) {
  const { t } = useTranslation('templates');
  const ids = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--small" data-testid="template-picker-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('templates.picker_open')}
      </button>
      {/* Out of the composer's form in the page: the forms of "My templates" must not be nested in it. */}
      {createPortal(
        <Dialog open={open} onClose={() => setOpen(false)} labelledBy={`${ids}-title`}>
          {open ? (
            <PickerList
              titleId={`${ids}-title`}
              ownerKey={`${owner.kind}:${owner.id}`}
              load={() => offeredTemplates(owner)}
              onClose={() => setOpen(false)}
              onPick={(template) => {
                setOpen(false);
                insert(template.filled);
              }}
            />
          ) : null}
        </Dialog>,
        document.body,
      )}
    </>
  );
}

function PickerList({ titleId, ownerKey, load, onClose, onPick }: { titleId: string; ownerKey: string; load: () => Promise<OfferedTemplate[]>; onClose: () => void; onPick: (template: OfferedTemplate) => void }) {
  const { t } = useTranslation('templates');
  const ids = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [managing, setManaging] = useState(false);
  // Asked again each time it opens: a colleague may have added one, the customer's name changed.
  const { data, error, mutate } = useSWR(`templates-offered:${ownerKey}`, load, { revalidateOnMount: true, revalidateOnFocus: false, dedupingInterval: 0 });
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    return (data ?? []).filter((template) => template.name.toLowerCase().includes(words));
  }, [data, query]);
  const chosen = shown[Math.min(active, shown.length - 1)];
  const optionId = (id: string) => `${ids}-option-${id}`;

  function keys(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown.length) return;
      const by = event.key === 'ArrowDown' ? 1 : -1;
      const next = (Math.min(active, shown.length - 1) + by + shown.length) % shown.length;
      setActive(next);
      document.getElementById(optionId(shown[next]!.id))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (chosen) onPick(chosen);
    }
  }

  if (managing) {
    return (
      <div className="template-picker" data-testid="template-picker-mine-list">
        <h2 id={titleId} className="dialog__title">
          {t('templates.picker_mine')}
        </h2>
        <TemplateList level="agent" locationId="" />
        <div className="dialog__actions">
          <button
            type="button"
            className="button"
            data-testid="template-picker-back"
            onClick={() => {
              setManaging(false);
              void mutate();
            }}
          >
            {t('templates.picker_back')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="template-picker" data-testid="template-picker">
      <h2 id={titleId} className="dialog__title">
        {t('templates.picker_title')}
      </h2>
      <label htmlFor={`${ids}-search`} className="template-picker__label">
        {t('templates.picker_search')}
      </label>
      <input
        id={`${ids}-search`}
        type="search"
        role="combobox"
        autoComplete="off"
        autoFocus
        aria-expanded={shown.length > 0}
        aria-controls={`${ids}-list`}
        aria-activedescendant={chosen ? optionId(chosen.id) : undefined}
        aria-describedby={`${ids}-hint`}
        value={query}
        data-testid="template-search"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={keys}
      />
      <p id={`${ids}-hint`} className="field__hint">
        {t('templates.picker_hint')}
      </p>
      {!data ? (
        <p className="settings__muted" role="status">
          {error ? t('templates.load_failed') : t('templates.loading')}
        </p>
      ) : shown.length === 0 ? (
        <p className="settings__muted" role="status" data-testid="template-picker-empty">
          {query.trim() ? t('templates.picker_no_match', { query: query.trim() }) : t('templates.picker_empty')}
        </p>
      ) : null}
      <ul id={`${ids}-list`} role="listbox" className="template-picker__list" aria-label={t('templates.picker_title')} hidden={shown.length === 0}>
        {shown.map((template) => (
          <li
            key={template.id}
            id={optionId(template.id)}
            role="option"
            aria-selected={template === chosen}
            className="template-picker__option"
            data-testid="template-option"
            onClick={() => onPick(template)}
          >
            <span className="template-picker__name">{template.name}</span>
            <span className="template-picker__text">{template.filled}</span>
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" data-testid="template-picker-mine" onClick={() => setManaging(true)}>
          {t('templates.picker_mine')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('templates.picker_close')}
        </button>
      </div>
    </div>
  );
}

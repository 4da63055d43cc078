/**
 * A location's sheet templates (SPEC §3 "Sheet template", §7 MPI; issue 4 part 1): the list (live or
 * archived), and the editor — form name, vehicle type, header, groups and items — with archive and
 * make-default. Every new repair order's sheet comes from the default template of its vehicle type.
 */
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR, { mutate } from 'swr';
import { MPI_ERRORS, VEHICLE_TYPES, type SheetTemplate } from '../../../../shared/inspections/inspections.js';
import { Dialog } from '../../components/Dialog.js';
import { reportFailure } from '../../lib/failures.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { draftOf, hasItemNamed, isVehicleType, mayMakeDefault, prepareTemplate, templateDraftReducer, type DraftGroup, type DraftProblemId } from './templateDraft.js';
import { createTemplate, fetchTemplates, templateAction, templatesKey, updateTemplate } from './templateRequests.js';
import './sheetTemplates.css';

/**
 * What the editor shows: `key` stays the same across the first save (no remount, no lost focus);
 * `saved` is the server's latest answer, used until the list has caught up with it.
 */
type Editing = { key: string; id: string | null; saved: SheetTemplate | null } | null;

function newer(a: SheetTemplate | null | undefined, b: SheetTemplate | null | undefined): SheetTemplate | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.version > a.version ? b : a;
}

export function SheetTemplates({ locationId }: { locationId: string }) {
  const { t } = useTranslation('sheetTemplates');
  const headingId = useId();
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const key = templatesKey(locationId, archived);
  const { data, isLoading, error } = useSWR<SheetTemplate[]>(key, fetchTemplates, { revalidateOnFocus: false });
  const templates = data ?? [];
  const current = editing?.id ? newer(templates.find((tpl) => tpl.id === editing.id), editing.saved?.id === editing.id ? editing.saved : null) : null;

  function refresh() {
    void mutate(templatesKey(locationId, false));
    void mutate(templatesKey(locationId, true));
  }

  return (
    <section className="templates" aria-labelledby={headingId} data-testid="sheet-templates">
      <header className="templates__header">
        <h2 id={headingId} className="templates__title">
          {t('sheet_templates.title')}
        </h2>
        <label className="check">
          <input
            type="checkbox"
            checked={archived}
            data-testid="template-archived-filter"
            onChange={(event) => {
              setArchived(event.target.checked);
              setEditing(null);
            }}
          />
          {t('sheet_templates.show_archived')}
        </label>
        <button type="button" className="button button--small button--primary" data-testid="template-new" onClick={() => setEditing({ key: `new-${Date.now()}`, id: null, saved: null })}>
          {t('sheet_templates.new')}
        </button>
      </header>
      <div className="templates__body">
        <div className="templates__list">
          {isLoading ? <p className="templates__muted">{t('common.loading')}</p> : null}
          {error && !data ? <p className="templates__muted">{t('sheet_templates.load_failed')}</p> : null}
          {!isLoading && data && !templates.length ? <p className="templates__muted">{archived ? t('sheet_templates.none_archived') : t('sheet_templates.none')}</p> : null}
          {templates.length ? (
            <ul className="templates__rows">
              {templates.map((tpl) => (
                <li key={tpl.id}>
                  <button
                    type="button"
                    className={`templates__row${editing?.id === tpl.id ? ' templates__row--selected' : ''}`}
                    data-testid="template-row"
                    data-template-id={tpl.id}
                    aria-current={editing?.id === tpl.id || undefined}
                    onClick={() => setEditing({ key: tpl.id, id: tpl.id, saved: null })}
                  >
                    <span className="templates__name">{tpl.form_name}</span>
                    <span className="templates__type">{t(`sheet_templates.vehicle_${tpl.vehicle_type}`)}</span>
                    {tpl.default ? (
                      <span className="templates__badge" data-testid="template-default-badge">
                        {t('sheet_templates.default_badge')}
                      </span>
                    ) : null}
                    {tpl.archived ? <span className="templates__badge templates__badge--muted">{t('sheet_templates.archived_badge')}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {editing && (editing.id === null || current) ? (
          <TemplateEditor
            key={editing.key}
            locationId={locationId}
            template={current}
            onSaved={(saved) => {
              refresh();
              setEditing((open) => (open ? { ...open, id: saved.id, saved } : open));
            }}
            onArchived={() => {
              refresh();
              setEditing(null);
            }}
            onReload={refresh}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </div>
    </section>
  );
}

/** The words for a problem of the draft or a refusal of the server. */
function problemText(t: ReturnType<typeof useTranslation>['t'], id: DraftProblemId | string, fallback = ''): string {
  if (id === 'form_name_required' || id === 'group_name_required' || id === 'item_name_required') return t(`sheet_templates.${id}`);
  const english = (MPI_ERRORS as Record<string, string>)[id] ?? fallback;
  return t(`mpi_errors.${id}`, { defaultValue: english || t('errors.generic_text') });
}

function TemplateEditor({
  locationId,
  template,
  onSaved,
  onArchived,
  onReload,
  onClose,
}: {
  locationId: string;
  template: SheetTemplate | null;
  onSaved: (template: SheetTemplate) => void;
  onArchived: () => void;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sheetTemplates');
  const ids = useId();
  const [draft, dispatch] = useReducer(templateDraftReducer, template, draftOf);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'default' | 'archive' | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const reloadWanted = useRef(false);
  const groupNames = useRef(new Map<string, HTMLInputElement>());
  const focusGroup = useRef<string | null>(null);

  // A newer version arrived (saved elsewhere, or asked for after 'MPI has changed'): take it unless edits would be lost.
  const version = template?.version ?? null;
  useEffect(() => {
    if (!template || version === draft.version) return;
    if (!draft.dirty || reloadWanted.current) {
      reloadWanted.current = false;
      dispatch({ type: 'load', template });
    }
    // Only a new version from the server is a reason to load; the draft's own edits are not.
  }, [version]);

  useEffect(() => {
    const wanted = focusGroup.current;
    if (!wanted) return;
    focusGroup.current = null;
    const input = groupNames.current.get(wanted);
    input?.focus();
    input?.select();
  });

  useEffect(() => setProblem(null), [draft]);

  function refused(error: unknown) {
    if (!(error instanceof ApiError) || error.action.kind !== 'expected') {
      reportFailure(error);
      return;
    }
    const id = error.id;
    if (id === 'mpi_changed') {
      toast.info(problemText(t, id), { id: 'mpi-changed' });
      reloadWanted.current = true;
      onReload();
      return;
    }
    setProblem(id ? problemText(t, id, serverMessage(error.body)) : serverMessage(error.body) || t('errors.generic_text'));
  }

  async function save() {
    const prepared = prepareTemplate(draft);
    if (!prepared.ok) {
      const detail = prepared.item ? ` (${prepared.group ? `${prepared.group} — ` : ''}${prepared.item})` : '';
      setProblem(`${problemText(t, prepared.error)}${detail}`);
      return;
    }
    setBusy('save');
    try {
      const saved = draft.id ? await updateTemplate(locationId, draft.id, prepared.body) : await createTemplate(locationId, prepared.body);
      dispatch({ type: 'load', template: saved });
      if (prepared.removedGroups.length) toast.info(t('sheet_templates.empty_groups_removed', { groups: prepared.removedGroups.join(', ') }));
      toast.success(t('sheet_templates.saved'));
      onSaved(saved);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  }

  async function act(action: 'default' | 'archive') {
    if (!draft.id) return;
    setBusy(action);
    try {
      const changed = await templateAction(locationId, draft.id, action);
      if (action === 'archive') {
        setConfirmArchive(false);
        toast.success(t('sheet_templates.archived'));
        onArchived();
        return;
      }
      dispatch({ type: 'load', template: changed });
      toast.success(t('sheet_templates.made_default'));
      onSaved(changed);
    } catch (error) {
      setConfirmArchive(false);
      refused(error);
    } finally {
      setBusy(null);
    }
  }

  function addGroup() {
    const base = t('sheet_templates.new_group_name');
    const taken = new Set(draft.groups.map((g) => g.name.trim().toLowerCase()));
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
    focusGroup.current = `k${draft.nextKey}`;
    dispatch({ type: 'add_group', name });
  }

  const readOnly = draft.archived;
  const defaultHint = draft.id === null || draft.dirty ? problemText(t, 'template_not_saved') : null;
  const hintId = `${ids}-default-hint`;

  return (
    <form
      className="template-editor"
      aria-label={draft.id ? t('sheet_templates.edit_title', { name: draft.form_name }) : t('sheet_templates.new_title')}
      data-testid="template-editor"
      data-template-id={draft.id ?? ''}
      data-dirty={draft.dirty}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="template-editor__fields">
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('sheet_templates.form_name')}</label>
          <input
            id={`${ids}-name`}
            type="text"
            data-testid="template-form-name"
            value={draft.form_name}
            maxLength={120}
            readOnly={readOnly}
            onChange={(event) => dispatch({ type: 'form_name', value: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-type`}>{t('sheet_templates.vehicle_type')}</label>
          <select
            id={`${ids}-type`}
            data-testid="template-vehicle-type"
            value={draft.vehicle_type}
            disabled={readOnly}
            onChange={(event) => {
              if (isVehicleType(event.target.value)) dispatch({ type: 'vehicle_type', value: event.target.value });
            }}
          >
            {VEHICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`sheet_templates.vehicle_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field template-editor__header-field">
          <label htmlFor={`${ids}-header`}>{t('sheet_templates.header')}</label>
          <textarea
            id={`${ids}-header`}
            className="template-editor__textarea"
            data-testid="template-header"
            value={draft.header}
            maxLength={1600}
            rows={2}
            readOnly={readOnly}
            onChange={(event) => dispatch({ type: 'header', value: event.target.value })}
          />
          <p className="field__hint">{t('sheet_templates.header_hint')}</p>
        </div>
      </div>

      <div className="template-editor__groups">
        {draft.groups.map((group, index) => (
          <GroupEditor
            key={group.key}
            group={group}
            first={index === 0}
            last={index === draft.groups.length - 1}
            readOnly={readOnly}
            nameRef={(input) => {
              if (input) groupNames.current.set(group.key, input);
              else groupNames.current.delete(group.key);
            }}
            dispatch={dispatch}
          />
        ))}
        {!draft.groups.length ? <p className="templates__muted">{t('sheet_templates.no_groups')}</p> : null}
        {!readOnly ? (
          <button type="button" className="button button--small" data-testid="template-add-group" onClick={addGroup}>
            {t('sheet_templates.add_group')}
          </button>
        ) : null}
      </div>

      {problem ? (
        <p className="notice notice--error" role="alert" data-testid="template-problem">
          {problem}
        </p>
      ) : null}

      <div className="template-editor__actions">
        {!readOnly ? (
          <button type="submit" className="button button--primary" data-testid="template-save" disabled={busy !== null} aria-busy={busy === 'save' || undefined}>
            {t('sheet_templates.save')}
          </button>
        ) : null}
        {!readOnly ? (
          <button
            type="button"
            className="button"
            data-testid="template-default"
            disabled={!mayMakeDefault(draft) || busy !== null}
            aria-busy={busy === 'default' || undefined}
            aria-describedby={defaultHint ? hintId : undefined}
            title={defaultHint ?? undefined}
            onClick={() => void act('default')}
          >
            {draft.default ? t('sheet_templates.is_default') : t('sheet_templates.make_default')}
          </button>
        ) : null}
        {draft.id && !readOnly ? (
          <button type="button" className="button" data-testid="template-archive" disabled={busy !== null} onClick={() => setConfirmArchive(true)}>
            {t('sheet_templates.archive')}
          </button>
        ) : null}
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      {defaultHint && !readOnly ? (
        <p className="field__hint" id={hintId} data-testid="template-default-hint">
          {defaultHint}
        </p>
      ) : null}
      {readOnly ? <p className="field__hint">{t('sheet_templates.archived_read_only')}</p> : null}

      <ArchiveDialog
        open={confirmArchive}
        name={draft.form_name}
        isDefault={draft.default}
        busy={busy === 'archive'}
        onCancel={() => setConfirmArchive(false)}
        onConfirm={() => void act('archive')}
      />
    </form>
  );
}

function GroupEditor({
  group,
  first,
  last,
  readOnly,
  nameRef,
  dispatch,
}: {
  group: DraftGroup;
  first: boolean;
  last: boolean;
  readOnly: boolean;
  nameRef: (input: HTMLInputElement | null) => void;
  dispatch: (action: Parameters<typeof templateDraftReducer>[1]) => void;
}) {
  const { t } = useTranslation('sheetTemplates');
  const ids = useId();
  const [newItem, setNewItem] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  const label = group.name.trim() || t('sheet_templates.unnamed_group');

  function addItem(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the item; it must not submit the whole template.
    event.preventDefault();
    if (!newItem.trim()) return;
    if (hasItemNamed(group, newItem)) {
      setDuplicate(true);
      return;
    }
    dispatch({ type: 'add_item', group: group.key, name: newItem });
    setNewItem('');
  }

  return (
    <fieldset className="template-group" data-testid="template-group" data-group={group.name}>
      <legend className="visually-hidden">{label}</legend>
      <div className="template-group__head">
        <input
          ref={nameRef}
          type="text"
          className="template-group__name"
          data-testid="template-group-name"
          aria-label={t('sheet_templates.group_name')}
          value={group.name}
          maxLength={120}
          readOnly={readOnly}
          onChange={(event) => dispatch({ type: 'rename_group', group: group.key, name: event.target.value })}
        />
        <span className="template-group__count">{t('sheet_templates.item_count', { count: group.items.length })}</span>
        {!readOnly ? (
          <span className="template-group__tools">
            <MoveButtons
              label={label}
              first={first}
              last={last}
              onMove={(by) => dispatch({ type: 'move_group', group: group.key, by })}
              upTestId="template-group-up"
              downTestId="template-group-down"
            />
            <button
              type="button"
              className="button button--small button--quiet"
              data-testid="template-group-remove"
              aria-label={t('sheet_templates.remove_named', { name: label })}
              onClick={() => dispatch({ type: 'remove_group', group: group.key })}
            >
              {t('sheet_templates.remove')}
            </button>
          </span>
        ) : null}
      </div>
      {group.items.length ? (
        <ol className="template-group__items">
          {group.items.map((item, index) => {
            const itemLabel = item.name.trim() || t('sheet_templates.unnamed_item');
            return (
              <li key={item.key} className="template-item" data-testid="template-item" data-item={item.name}>
                <input
                  type="text"
                  className="template-item__name"
                  aria-label={t('sheet_templates.item_name_of', { group: label })}
                  value={item.name}
                  maxLength={120}
                  readOnly={readOnly}
                  onChange={(event) => dispatch({ type: 'rename_item', group: group.key, item: item.key, name: event.target.value })}
                />
                {!readOnly ? (
                  <span className="template-group__tools">
                    <MoveButtons
                      label={itemLabel}
                      first={index === 0}
                      last={index === group.items.length - 1}
                      onMove={(by) => dispatch({ type: 'move_item', group: group.key, item: item.key, by })}
                      upTestId="template-item-up"
                      downTestId="template-item-down"
                    />
                    <button
                      type="button"
                      className="button button--small button--quiet"
                      data-testid="template-item-remove"
                      aria-label={t('sheet_templates.remove_named', { name: itemLabel })}
                      onClick={() => dispatch({ type: 'remove_item', group: group.key, item: item.key })}
                    >
                      {t('sheet_templates.remove')}
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="templates__muted">{t('sheet_templates.empty_group')}</p>
      )}
      {!readOnly ? (
        <div className="field">
          <input
            id={`${ids}-new`}
            type="text"
            data-testid="template-item-name"
            aria-label={t('sheet_templates.new_item_of', { group: label })}
            placeholder={t('sheet_templates.new_item_placeholder')}
            value={newItem}
            maxLength={120}
            aria-invalid={duplicate || undefined}
            onChange={(event) => {
              setNewItem(event.target.value);
              setDuplicate(false);
            }}
            onKeyDown={addItem}
          />
          {duplicate ? (
            <p className="field__hint template-group__error" role="alert">
              {t('mpi_errors.duplicate_item', { defaultValue: MPI_ERRORS.duplicate_item })}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

function MoveButtons({
  label,
  first,
  last,
  onMove,
  upTestId,
  downTestId,
}: {
  label: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  upTestId: string;
  downTestId: string;
}) {
  const { t } = useTranslation('sheetTemplates');
  return (
    <>
      <button
        type="button"
        className="icon-button template-move"
        data-testid={upTestId}
        aria-label={t('sheet_templates.move_up', { name: label })}
        title={t('sheet_templates.move_up', { name: label })}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="icon-button template-move"
        data-testid={downTestId}
        aria-label={t('sheet_templates.move_down', { name: label })}
        title={t('sheet_templates.move_down', { name: label })}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}

function ArchiveDialog({ open, name, isDefault, busy, onCancel, onConfirm }: { open: boolean; name: string; isDefault: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('sheetTemplates');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('sheet_templates.archive_title')}
      </h2>
      <p>{t('sheet_templates.archive_text', { name })}</p>
      {isDefault ? <p>{t('sheet_templates.archive_default_text')}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" data-testid="template-archive-confirm" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {t('sheet_templates.archive_confirm')}
        </button>
      </div>
    </Dialog>
  );
}


/** A new template of the chosen list, or a change of one: name, text and the board it is offered on, each refusal at its field. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { newTemplateBody, templateChangeBody } from '../../../../shared/templates/schemas.js';
import { TEMPLATE_BOARDS, TEMPLATE_TEXT_MAX, type MessageTemplate, type TemplateBoard, type TemplateLevel } from '../../../../shared/templates/templates.js';
import { Dialog } from '../../components/Dialog.js';
import { DialogFormActions, useDialogForm, type FormTexts } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { PlaceholderList } from './PlaceholderList.js';
import { changeTemplate, createTemplate } from './requests.js';
import { templateTexts, type TemplateField } from './templateForm.js';

export type Editing = { kind: 'new' } | { kind: 'edit'; template: MessageTemplate } | null;

export function TemplateDialog({
  editing,
  level,
  locationId,
  onClose,
  onSaved,
}: {
  editing: Editing;
  level: TemplateLevel;
  locationId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('templates');
  const ids = useId();
  return (
    <Dialog open={editing !== null} onClose={onClose} labelledBy={`${ids}-title`}>
      {editing ? (
        <>
          <h2 id={`${ids}-title`} className="dialog__title">
            {editing.kind === 'new' ? t('templates.form_new_title') : t('templates.form_edit_title')}
          </h2>
          <TemplateForm key={editing.kind === 'edit' ? editing.template.id : 'new'} editing={editing} level={level} locationId={locationId} onClose={onClose} onSaved={onSaved} />
        </>
      ) : null}
    </Dialog>
  );
}

function TemplateForm({ editing, level, locationId, onClose, onSaved }: { editing: NonNullable<Editing>; level: TemplateLevel; locationId: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('templates');
  const ids = useId();
  const before = editing.kind === 'edit' ? editing.template : null;
  const [name, setName] = useState(before?.name ?? '');
  const [text, setText] = useState(before?.text ?? '');
  const [board, setBoard] = useState<TemplateBoard>(before?.board ?? 'all');
  const form = useDialogForm<TemplateField>('templates', templateTexts);
  // Anything changed: the next save is another attempt (its own Idempotency-Key).
  const edit =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      form.changed();
      set(value);
    };

  function submit(event: FormEvent) {
    event.preventDefault();
    // Opened from the composer's picker this form sits inside the composer's form: its submit must not send a text.
    event.stopPropagation();
    const template = { name, text, board };
    // The server's own schema first: the same texts at the same fields, before anything is sent.
    const checked = before ? templateChangeBody.safeParse({ template }) : newTemplateBody.safeParse({ template: { ...template, level, ...(level === 'location' ? { location_id: locationId } : {}) } });
    if (!checked.success) {
      const found: FormTexts<TemplateField> = {};
      for (const issue of checked.error.issues) found[templateTexts.fieldOf(issue.path.join('.')) ?? 'form'] ??= templateTexts.keyOf(issue.message) ?? issue.message;
      form.show(found);
      return;
    }
    form.send(
      (key) => (before ? changeTemplate(before.id, { template }) : createTemplate({ template: { ...template, level, ...(level === 'location' ? { location_id: locationId } : {}) } }, key)),
      () => {
        toast.success(t('templates.saved'));
        onSaved();
      },
    );
  }

  const textError = form.textAt('text');
  const boardError = form.textAt('board');
  const left = TEMPLATE_TEXT_MAX - text.length;
  return (
    <form ref={form.form} className="form templates-form" noValidate onSubmit={submit} data-testid="template-form">
      <TextField id={`${ids}-name`} label={t('templates.name')} value={name} onChange={edit(setName)} error={form.textAt('name')} testId="template-name" />
      <div className="field">
        <label htmlFor={`${ids}-text`}>{t('templates.text')}</label>
        <textarea
          id={`${ids}-text`}
          className="settings__textarea"
          rows={5}
          value={text}
          aria-invalid={textError ? true : undefined}
          aria-describedby={[textError ? `${ids}-text-error` : '', `${ids}-text-left`, `${ids}-placeholders`].filter(Boolean).join(' ')}
          data-testid="template-text"
          onChange={(event) => edit(setText)(event.target.value)}
        />
        {textError ? (
          <p className="field__error" id={`${ids}-text-error`} data-testid="template-text-error">
            {textError}
          </p>
        ) : null}
        <p className="field__hint" id={`${ids}-text-left`}>
          {left >= 0 ? t('templates.characters_left', { count: left }) : t('templates.characters_over', { count: -left })}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-board`}>{t('templates.board')}</label>
        <select
          id={`${ids}-board`}
          value={board}
          data-testid="template-board"
          aria-invalid={boardError ? true : undefined}
          onChange={(event) => edit(setBoard)(TEMPLATE_BOARDS.find((each) => each === event.target.value) ?? 'all')}
        >
          {TEMPLATE_BOARDS.map((each) => (
            <option key={each} value={each}>
              {t(`templates.board_${each}`)}
            </option>
          ))}
        </select>
        {boardError ? <p className="field__error">{boardError}</p> : null}
      </div>
      <PlaceholderList id={`${ids}-placeholders`} />
      <DialogFormActions
        formText={form.textAt('form')}
        closeLabel={t('templates.cancel')}
        submitLabel={[t('templates.save'), t('templates.saving')]}
        sending={form.sending}
        submitTestId="template-save"
        onClose={onClose}
      />
    </form>
  );
}

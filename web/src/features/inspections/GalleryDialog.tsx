import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentVerdict, SheetAttachment } from '../../../../shared/inspections/inspections.js';
import type { Locale } from '../../../../shared/locales.js';
import { Dialog } from '../../components/Dialog.js';
import { agentName, formatMoment } from './labels.js';
import type { DraftAction, DraftAttachment } from './sheetDraft.js';

/**
 * The gallery of a sheet's photos and videos (SPEC "gallery of attachments"): one at a time with
 * arrows (and the arrow keys), videos play, notes under each; an advisor sets the verdict
 * (a disapproved one is not shown to the customer). Notes and verdicts are saved with the sheet.
 */
export function GalleryDialog({
  attachments,
  edits,
  openId,
  editable,
  mayJudge,
  locale,
  timeZone,
  dispatch,
  onShow,
  onClose,
}: {
  attachments: SheetAttachment[];
  /** The notes and verdicts as edited (not saved yet). */
  edits: DraftAttachment[];
  openId: string | null;
  editable: boolean;
  mayJudge: boolean;
  locale: Locale;
  timeZone: string;
  dispatch: (action: DraftAction) => void;
  onShow: (attachmentId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('inspections');
  const titleId = useId();
  const index = attachments.findIndex((a) => a.id === openId);
  const current = index >= 0 ? attachments[index] : undefined;
  const edit = current ? edits.find((e) => e.id === current.id) : undefined;
  const notes = edit?.notes ?? current?.notes ?? '';
  const verdict = edit ? edit.verdict : (current?.verdict ?? null);

  function step(by: number) {
    if (!attachments.length || index < 0) return;
    const next = attachments[(index + by + attachments.length) % attachments.length];
    if (next) onShow(next.id);
  }

  function keys(event: KeyboardEvent<HTMLDivElement>) {
    // Arrows move between photos unless the agent is typing a note.
    if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog open={current !== undefined} onClose={onClose} labelledBy={titleId}>
      {current ? (
        <div className="mpi-gallery" data-testid="mpi-gallery" onKeyDown={keys}>
          <div className="mpi-gallery__top">
            <h2 className="dialog__title" id={titleId}>
              {current.group} — {current.item}
            </h2>
            <span className="muted" aria-live="polite">
              {t('mpi.gallery_position', { position: index + 1, total: attachments.length })}
            </span>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose} data-testid="mpi-gallery-close">
              ×
            </button>
          </div>
          <div className="mpi-gallery__stage">
            <button type="button" className="icon-button mpi-gallery__arrow" aria-label={t('mpi.gallery_previous')} onClick={() => step(-1)} disabled={attachments.length < 2}>
              ‹
            </button>
            <figure className="mpi-gallery__figure">
              {current.kind === 'video' ? (
                <video key={current.id} src={current.metadata.orig} controls playsInline preload="metadata" className="mpi-gallery__media" data-testid="mpi-gallery-video" />
              ) : (
                <a href={current.metadata.orig} target="_blank" rel="noreferrer">
                  <img key={current.id} src={current.metadata.small} alt={current.name} className="mpi-gallery__media" data-testid="mpi-gallery-photo" />
                </a>
              )}
              <figcaption className="muted">
                {current.name}
                {current.agent ? ` · ${agentName(current.agent)}` : ''} · {formatMoment(current.created_at, locale, timeZone)}
              </figcaption>
            </figure>
            <button type="button" className="icon-button mpi-gallery__arrow" aria-label={t('mpi.gallery_next')} onClick={() => step(1)} disabled={attachments.length < 2}>
              ›
            </button>
          </div>
          <div className="mpi-gallery__details">
            <div className="field">
              <label htmlFor={`${titleId}-notes`}>{t('mpi.attachment_notes')}</label>
              {editable ? (
                <textarea
                  id={`${titleId}-notes`}
                  rows={2}
                  maxLength={1600}
                  value={notes}
                  data-testid="mpi-attachment-notes"
                  onChange={(event) => dispatch({ type: 'attachment', id: current.id, change: { notes: event.target.value } })}
                />
              ) : (
                <p id={`${titleId}-notes`} className="preserve-lines">
                  {notes || <span className="muted">—</span>}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${titleId}-verdict`}>{t('mpi.attachment_verdict')}</label>
              {editable && mayJudge ? (
                <select
                  id={`${titleId}-verdict`}
                  value={verdict ?? ''}
                  data-testid="mpi-attachment-verdict"
                  onChange={(event) => dispatch({ type: 'attachment', id: current.id, change: { verdict: (event.target.value || null) as AttachmentVerdict | null } })}
                >
                  <option value="">{t('mpi.verdict_none')}</option>
                  <option value="approved">{t('mpi.verdict_approved')}</option>
                  <option value="disapproved">{t('mpi.verdict_disapproved')}</option>
                </select>
              ) : (
                <p id={`${titleId}-verdict`}>{verdict ? t(`mpi.verdict_${verdict}`) : t('mpi.verdict_none')}</p>
              )}
            </div>
            {editable ? <p className="field__hint">{t('mpi.gallery_saved_with_sheet')}</p> : null}
          </div>
          <div className="dialog__actions">
            {editable ? (
              <button
                type="button"
                className="button"
                data-testid="mpi-attachment-remove"
                onClick={() => {
                  const next = attachments.length > 1 ? attachments[(index + 1) % attachments.length] : undefined;
                  dispatch({ type: 'remove_attachment', id: current.id });
                  if (next) onShow(next.id);
                  else onClose();
                }}
              >
                {t('mpi.attachment_remove')}
              </button>
            ) : null}
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

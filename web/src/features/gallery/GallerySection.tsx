/**
 * The repair order's album (issue 21 part 4) in the service board's detail and on the technician's
 * inspection sheet (lib/featureParts.tsx OrderSection, SheetSection): thumbnails, uploads of several files at once with their progress ('Attachment is processing'
 * until each is confirmed), caption and description, shown to the customer or hidden, archive
 * (asked first) and restore, and "Share album" by text. Other agents' changes arrive live.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { AlbumAttachment, AlbumReply } from '../../../../shared/gallery/album.js';
import type { Locale } from '../../../../shared/locales.js';
import { GALLERY_EVENTS } from '../../../../shared/gallery/events.js';
import { galleryPaths } from '../../../../shared/gallery/routes.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { Dialog } from '../../components/Dialog.js';
import { fetcher } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import type { OrderSectionProps, SheetSectionProps } from '../../lib/featureParts.js';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { saveNotes, setArchived, setPublic, shareAlbum } from './requests.js';
import { albumFileRefusal, uploadToAlbum } from './uploads.js';

interface Upload {
  key: string;
  name: string;
  /** 0 to 1 of the original's bytes; at 1 the file is being confirmed (processing). */
  progress: number;
}

/** The failures the console handles for every screen (sign-in, offline); the section says the rest itself. */
function reportSessionFailure(error: unknown): void {
  if (error instanceof ApiError && ['session_expired', 'inactive', 'offline'].includes(error.action.kind)) reportFailure(error);
}

export function GallerySection({ order, context }: OrderSectionProps) {
  return <Album repairOrderId={order.id} locale={context.locale} timeZone={context.timeZone} />;
}

/** The album on the technician's sheet: the technician photographs and films the work there. */
export function SheetAlbum({ repairOrderId }: SheetSectionProps) {
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  return <Album repairOrderId={repairOrderId} locale={locale} timeZone={location.timezone} />;
}

function Album({ repairOrderId, locale, timeZone }: { repairOrderId: string; locale: Locale; timeZone: string }) {
  const { t } = useTranslation('gallery');
  const path = galleryPaths.album(repairOrderId);
  const { data, error, mutate, isValidating } = useSWR<AlbumReply>(path, (p: string) => fetcher<AlbumReply>(p), {
    revalidateOnFocus: false,
    onError: reportSessionFailure,
  });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [editing, setEditing] = useState<AlbumAttachment | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  useStreamEvents(
    (event) => {
      if (event.type === 'album.changed' && event.data.repair_order_id === repairOrderId) void mutate();
    },
    () => void mutate(),
    GALLERY_EVENTS,
  );

  const attachments = data?.attachments ?? [];
  const shareable = attachments.some((a) => a.state === 'ready' && a.public && !a.archived);
  const label = (a: AlbumAttachment) => a.caption || a.name;

  async function act(work: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await work();
      if (done) toast.success(done);
      await mutate();
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  async function uploadOne(file: File, key: string) {
    try {
      await uploadToAlbum(repairOrderId, file, (progress) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))));
    } catch (failure) {
      reportSessionFailure(failure);
      setProblems((list) => [...list, t('upload_failed', { name: file.name })]);
    } finally {
      setUploads((list) => list.filter((u) => u.key !== key));
      void mutate();
    }
  }

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const refused: string[] = [];
    const going: { file: File; key: string }[] = [];
    for (const file of files) {
      const why = albumFileRefusal(file);
      if (why) refused.push(t(why === 'size' ? 'too_large' : 'upload_failed', { name: file.name }));
      else going.push({ file, key: crypto.randomUUID() });
    }
    setProblems(refused);
    setUploads((list) => [...list, ...going.map(({ file, key }) => ({ key, name: file.name, progress: 0 }))]);
    for (const { file, key } of going) void uploadOne(file, key);
  }

  return (
    <DetailSection title={t('title')}>
      <div className="gallery" data-testid="gallery-section">
        {error && !data ? (
          <p className="gallery__error" role="alert">
            {t('load_failed')}{' '}
            <button type="button" className="button button--small" disabled={isValidating} onClick={() => void mutate()} data-testid="gallery-retry">
              {t('retry')}
            </button>
          </p>
        ) : null}
        {data && attachments.length === 0 && uploads.length === 0 ? <p className="muted">{t('empty')}</p> : null}
        {attachments.length > 0 ? (
          <ul className="gallery__grid" data-testid="gallery-grid">
            {attachments.map((a) => (
              <li key={a.id} className={a.archived ? 'gallery__item gallery__item--archived' : 'gallery__item'} data-testid="gallery-item" data-state={a.state}>
                <Thumbnail attachment={a} />
                <p className="gallery__caption">{a.caption || <span className="muted">{t('untitled')}</span>}</p>
                {a.archived ? (
                  <>
                    <p className="muted">{t('archived')}</p>
                    <button type="button" className="button button--small" aria-label={t('restore_of', { caption: label(a) })} disabled={busy} onClick={() => void act(() => setArchived(repairOrderId, a.id, false))}>
                      {t('restore')}
                    </button>
                  </>
                ) : (
                  <div className="gallery__controls">
                    {/* An upload still processing can only be archived: one whose sender went away would otherwise stay forever. */}
                    {a.state === 'ready' ? (
                      <>
                        <label className="gallery__public">
                          <input type="checkbox" checked={a.public} disabled={busy} aria-label={t('public_of', { caption: label(a) })} onChange={(event) => void act(() => setPublic(repairOrderId, a.id, event.target.checked))} />
                          <span aria-hidden="true">{t('public')}</span>
                        </label>
                        <button type="button" className="button button--small" aria-haspopup="dialog" aria-label={t('edit_of', { caption: label(a) })} onClick={() => setEditing(a)}>
                          {t('edit')}
                        </button>
                      </>
                    ) : null}
                    {asking === a.id ? (
                      <span role="group" aria-label={t('archive_of', { caption: label(a) })} className="gallery__ask">
                        <span>{t('archive_confirm')}</span>{' '}
                        <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => void act(() => setArchived(repairOrderId, a.id, true))} data-testid="gallery-archive-yes">
                          {t('archive_yes')}
                        </button>
                        <button type="button" className="button button--small" onClick={() => setAsking(null)}>
                          {t('keep')}
                        </button>
                      </span>
                    ) : (
                      <button type="button" className="button button--small" aria-label={t('archive_of', { caption: label(a) })} disabled={busy} onClick={() => setAsking(a.id)}>
                        {t('archive')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {uploads.length > 0 ? (
          <ul className="gallery__uploads" aria-live="polite">
            {uploads.map((u) => (
              <li key={u.key}>
                {u.progress < 1 ? (
                  <>
                    <span>{t('uploading', { name: u.name })}</span> <progress value={u.progress} max={1} aria-label={t('uploading', { name: u.name })} />
                  </>
                ) : (
                  <span>
                    {u.name}: {t('processing')}
                  </span>
                )}
              </li>
            ))}
            <li className="muted">{t('large_note')}</li>
          </ul>
        ) : null}
        {problems.length > 0 ? (
          <ul className="gallery__problems" role="alert">
            {problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {data?.album.shared_at ? <p className="muted">{t('shared_at', { at: formatDateTime(data.album.shared_at, locale, timeZone) })}</p> : null}
        <div className="detail__actions">
          <input ref={picker} type="file" accept="image/*,video/*" multiple hidden onChange={picked} data-testid="gallery-file" />
          <button type="button" className="button button--small" onClick={() => picker.current?.click()} data-testid="gallery-add">
            {t('add')}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={busy || !shareable}
            aria-describedby={shareable ? undefined : `${repairOrderId}-share-none`}
            onClick={() => void act(() => shareAlbum(repairOrderId), t('shared'))}
            data-testid="gallery-share"
          >
            {t('share')}
          </button>
        </div>
        {data && !shareable && attachments.length > 0 ? (
          <p className="muted" id={`${repairOrderId}-share-none`}>
            {t('share_none')}
          </p>
        ) : null}
      </div>
      <NotesDialog
        attachment={editing}
        onClose={() => setEditing(null)}
        onSave={(notes) =>
          act(async () => {
            if (editing) await saveNotes(repairOrderId, editing.id, notes);
            setEditing(null);
          }, t('saved'))
        }
      />
    </DetailSection>
  );
}

function Thumbnail({ attachment: a }: { attachment: AlbumAttachment }) {
  const { t } = useTranslation('gallery');
  const caption = a.caption || a.name;
  if (a.state === 'processing' || !a.metadata) {
    return <div className="gallery__thumb gallery__thumb--processing">{t('processing')}</div>;
  }
  return (
    <a className="gallery__thumb" href={a.metadata.orig} target="_blank" rel="noreferrer">
      <img src={a.metadata.thumb} alt={t(a.kind === 'video' ? 'video_of' : 'photo_of', { caption })} loading="lazy" width={160} height={120} />
      {a.kind === 'video' ? <span className="gallery__badge">{t('video')}</span> : null}
    </a>
  );
}

function NotesDialog({ attachment, onClose, onSave }: { attachment: AlbumAttachment | null; onClose: () => void; onSave: (notes: { caption: string; description: string }) => Promise<void> }) {
  const { t } = useTranslation('gallery');
  const titleId = useId();
  const [shownFor, setShownFor] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [description, setDescription] = useState('');
  // The fields start from the attachment each time the dialog opens for one.
  if (attachment && shownFor !== attachment.id) {
    setShownFor(attachment.id);
    setCaption(attachment.caption);
    setDescription(attachment.description);
  }
  if (!attachment && shownFor !== null) setShownFor(null);
  return (
    <Dialog open={attachment !== null} onClose={onClose} labelledBy={titleId}>
      <form
        className="dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void onSave({ caption, description });
        }}
        data-testid="gallery-notes"
      >
        <h2 className="dialog__title" id={titleId}>
          {t('edit_title')}
        </h2>
        <div className="field">
          <label htmlFor={`${titleId}-caption`}>{t('caption')}</label>
          <input id={`${titleId}-caption`} value={caption} maxLength={200} onChange={(event) => setCaption(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${titleId}-description`}>{t('description')}</label>
          <textarea id={`${titleId}-description`} rows={3} value={description} maxLength={1600} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

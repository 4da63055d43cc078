import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useLocation, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { Location } from '../../../../shared/api.js';
import type { SheetAttachment, SheetReply } from '../../../../shared/inspections/inspections.js';
import { isLocale, type Locale } from '../../../../shared/locales.js';
import { Dialog } from '../../components/Dialog.js';
import { Spinner } from '../../components/Spinner.js';
import { fetcher } from '../../lib/api.js';
import { randomId } from '../../lib/device.js';
import { SheetSections } from '../../lib/featureParts.js';
import { currentLocale, i18n } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { useDocumentTitle } from '../../lib/title.js';
import { AdvisorTools } from './advisor/AdvisorTools.js';
import { ClaimDialog } from './ClaimDialog.js';
import { GalleryDialog } from './GalleryDialog.js';
import { agentName, customerLabel, formatMoment, vehicleLabel } from './labels.js';
import { sentToCustomerAt } from '../../lib/sheetToCustomer.js';
import { isMpiChanged, mpiErrorText, showMpiFailure } from './mpiFailures.js';
import type { SheetNavigationState } from './PoolScreen.js';
import { Recommendations } from './Recommendations.js';
import { completeAsTechnician, locationPath, saveSheet } from './requests.js';
import { maySetVerdict, mayCompleteAsTechnician, offersTechnicianClaim, readOnlyReason, sheetSide } from './sheetAccess.js';
import { saveBodyOf, type DraftProblem } from './sheetDraft.js';
import { SheetNotes } from './SheetNotes.js';
import { itemKey, SheetGroups, type ItemUpload } from './SheetGroups.js';
import { fileRefusal, StorageUploadError, uploadItemFile } from './uploads.js';
import { useSheetEditor, type SheetEditor } from './useSheetEditor.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './inspections.css';

/**
 * Money on the sheet is in the location's currency whatever language the agent reads (SPEC §9),
 * so the location's own locale decides the symbol and how prices are typed.
 */
function useMoneyLocale(locationId: string, fallback: Locale): Locale | null {
  const { data, error } = useSWR<{ location: Location }>(locationPath(locationId), fetcher, { revalidateOnFocus: false, shouldRetryOnError: false });
  if (data) return isLocale(data.location.locale) ? data.location.locale : fallback;
  return error ? fallback : null;
}

/** One repair order's inspection sheet at /app/mpi/repair_orders/:roId. */
export function SheetScreen() {
  const { roId = '' } = useParams();
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  const moneyLocale = useMoneyLocale(location.id, locale);
  const handed = (useLocation().state as SheetNavigationState | null)?.reply ?? null;
  if (!moneyLocale) return <Spinner />;
  return <SheetView key={roId} roId={roId} moneyLocale={moneyLocale} initial={handed && handed.repair_order.id === roId ? handed : null} />;
}

type Invalid = { key: string; field: 'item' | 'price' } | null;

function SheetView({ roId, moneyLocale, initial }: { roId: string; moneyLocale: Locale; initial: SheetReply | null }) {
  const { t } = useTranslation('inspections');
  const poolName = useScreenName(menuLabel(menu, 'mpi_pool'));
  const { acting, location, settings } = useReadySession();
  const locale = useStore(currentLocale);
  const flags = acting.access_level;
  const side = sheetSide(flags);
  const editor = useSheetEditor({ roId, side, agentId: acting.id, locale: moneyLocale, initial });
  const { state, dirty } = editor;
  const [saving, setSaving] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [invalid, setInvalid] = useState<Invalid>(null);
  const [uploads, setUploads] = useState<Map<string, ItemUpload[]>>(() => new Map());
  const [galleryId, setGalleryId] = useState<string | null>(null);
  const [claiming, setClaiming] = useState(false);

  const reply = state.reply;
  const sheet = reply?.sheet ?? null;
  const draft = state.draft;
  const reason = sheet ? readOnlyReason(sheet, acting.id) : null;
  // While a save or completion runs the fieldset is disabled; the fields stay where they are.
  const editable = sheet !== null && reason === null;
  const restGreenEnabled = settings.technician_settings?.rest_marked_green_enabled !== false;
  useDocumentTitle(reply ? t('mpi.sheet_title', { number: reply.repair_order.ro_id }) : t('mpi.sheet'));

  const shownAttachments = useMemo<SheetAttachment[]>(() => {
    if (!sheet || !draft) return [];
    const kept = new Map(draft.attachments.map((a) => [a.id, a]));
    return sheet.attachments.filter((a) => kept.has(a.id)).map((a) => ({ ...a, notes: kept.get(a.id)!.notes, verdict: kept.get(a.id)!.verdict }));
  }, [sheet, draft]);

  const save = useCallback(async (): Promise<SheetReply | null> => {
    const current = editor.state;
    if (!current.reply || !current.draft) return null;
    const result = saveBodyOf(current.draft, current.reply.sheet.version, moneyLocale);
    if (!result.ok) {
      showProblem(result.problem, setInvalid);
      return null;
    }
    setInvalid(null);
    setSaving(true);
    try {
      const saved = await editor.own(() => saveSheet(roId, result.body));
      editor.apply(saved, { keepEdits: false });
      toast.success(t('mpi.saved'), { id: 'mpi-saved' });
      return saved;
    } catch (error) {
      conflictOrFailure(error, editor);
      return null;
    } finally {
      setSaving(false);
    }
  }, [editor, moneyLocale, roId, t]);

  async function complete() {
    if (!sheet) return;
    let version = sheet.version;
    if (dirty) {
      const saved = await save();
      if (!saved) return;
      version = saved.sheet.version;
    }
    setCompleting(true);
    try {
      const done = await editor.own(() => completeAsTechnician(roId, version));
      editor.apply(done);
      toast.success(t('mpi.completed_technician'));
    } catch (error) {
      conflictOrFailure(error, editor);
    } finally {
      setCompleting(false);
    }
  }

  function track(key: string, change: (list: ItemUpload[]) => ItemUpload[]) {
    setUploads((previous) => {
      const next = new Map(previous);
      const list = change(next.get(key) ?? []);
      if (list.length) next.set(key, list);
      else next.delete(key);
      return next;
    });
  }

  async function uploadFiles(group: string, item: string, files: File[]) {
    const key = itemKey(group, item);
    for (const file of files) {
      const refusal = fileRefusal(file);
      if (refusal) {
        toast.error(refusal === 'size' ? t('mpi.file_too_large', { name: file.name }) : t('mpi.file_type_refused', { name: file.name }));
        continue;
      }
      const id = randomId();
      track(key, (list) => [...list, { id, name: file.name, fraction: 0 }]);
      try {
        const next = await uploadItemFile({ roId, group, item }, file, (fraction) => track(key, (list) => list.map((u) => (u.id === id ? { ...u, fraction } : u))), undefined, editor.own);
        editor.apply(next);
      } catch (error) {
        if (error instanceof StorageUploadError) toast.error(t('mpi.upload_failed', { name: file.name }));
        else showMpiFailure(error);
      } finally {
        track(key, (list) => list.filter((u) => u.id !== id));
      }
    }
  }

  // Signed addresses of photos last an hour; a sheet left open longer asks for fresh ones, at most once a minute.
  const lastRefresh = useRef(0);
  const refreshAddresses = useCallback(() => {
    if (Date.now() - lastRefresh.current < 60_000) return;
    lastRefresh.current = Date.now();
    editor.reload();
  }, [editor]);

  const uploading = uploads.size > 0;
  const leaveDialog = useLeaveGuard(dirty || uploading, save);

  if (state.status === 'loading' && !reply) return <Spinner />;
  if (state.status === 'missing' || (state.status === 'failed' && !reply) || !sheet || !reply || !draft) {
    return (
      <section className="mpi-screen" data-testid="mpi-sheet-missing">
        <p className="notice notice--info" role="status">
          {state.status === 'failed' ? t('mpi.sheet_failed') : mpiErrorText('no_sheet')}
        </p>
        <p>
          <Link to="/mpi">{poolName}</Link>
        </p>
        <SheetNotes roId={roId} />
      </section>
    );
  }

  const order = reply.repair_order;
  const completer = mayCompleteAsTechnician(sheet, acting.id);
  const sentAt = sentToCustomerAt(sheet);
  return (
    <section className="mpi-screen mpi-sheet" aria-labelledby="mpi-sheet-title" data-testid="mpi-sheet" data-state={sheet.state} data-version={sheet.version}>
      <header className="mpi-sheet__header">
        <div className="mpi-sheet__heading">
          <h1 id="mpi-sheet-title" className="mpi-screen__title">
            {t('mpi.sheet_title', { number: order.ro_id })}
          </h1>
          <span className={`mpi-state mpi-state--${sentAt ? 'sent' : sheet.state}`} data-testid="mpi-sheet-state" data-sent={sentAt ? 'true' : undefined}>
            {sentAt ? t('mpi_status.sent_at', { when: formatMoment(sentAt, locale, location.timezone) }) : t(`mpi_status.state_${sheet.state}`)}
          </span>
          {order.custom.customer_waiting ? <span className="mpi-chip mpi-chip--waiting" data-testid="mpi-sheet-waiting">{t('mpi.customer_waiting')}</span> : null}
        </div>
        <dl className="mpi-sheet__facts">
          <Fact label={t('mpi.customer')}>{customerLabel(order) || '—'}</Fact>
          <Fact label={t('mpi.vehicle')}>{vehicleLabel(order.vehicle) || '—'}</Fact>
          {order.vehicle.vin ? (
            <Fact label={t('mpi.vin')} code>
              {order.vehicle.vin}
            </Fact>
          ) : null}
          {order.promise_time ? <Fact label={t('mpi.promise_time')}>{formatMoment(order.promise_time, locale, location.timezone)}</Fact> : null}
          <Fact label={t('mpi.holder')} testId="mpi-sheet-holder">
            {sheet.holder ? `${agentName(sheet.holder)} · ${t(`mpi.role_${sheet.holder.role}`)}` : t('mpi.nobody')}
          </Fact>
          <Fact label={t('mpi.form')}>{sheet.form_name}</Fact>
        </dl>
        {sheet.header ? <p className="mpi-sheet__template-header preserve-lines">{sheet.header}</p> : null}
      </header>

      {reason ? (
        <div className="notice notice--info mpi-sheet__reason" role="status" data-testid="mpi-readonly" data-reason={reason}>
          <span>{t(reason === 'completed_by_advisor' && sentAt ? 'mpi.readonly_sent_to_customer' : `mpi.readonly_${reason}`, { name: agentName(sheet.holder) })}</span>
          {offersTechnicianClaim(sheet, flags) ? (
            <button type="button" className="button button--primary mpi-touch" data-testid="mpi-sheet-claim" onClick={() => setClaiming(true)}>
              {t('mpi.claim')}
            </button>
          ) : null}
        </div>
      ) : null}

      <AdvisorTools reply={reply} dirty={dirty} onReply={(next) => editor.apply(next)} reload={editor.reload} />

      <SheetNotes roId={roId} />
      <SheetSections repairOrderId={roId} />

      {reason === null ? (
        <div className="mpi-sheet__tools">
          {restGreenEnabled ? (
            <button type="button" className="button mpi-touch" data-testid="mpi-rest-green" disabled={!editable} onClick={() => editor.edit({ type: 'rest_green' })}>
              {t('mpi.rest_green')}
            </button>
          ) : null}
        </div>
      ) : null}

      <fieldset className="mpi-sheet__form" disabled={saving || completing}>
        <legend className="visually-hidden">{t('mpi.sheet')}</legend>
        <SheetGroups
          groups={draft.groups}
          attachments={shownAttachments}
          uploads={uploads}
          editable={editable}
          dispatch={editor.edit}
          onFiles={(group, item, files) => void uploadFiles(group, item, files)}
          onOpenAttachment={setGalleryId}
          onMediaError={refreshAddresses}
        />

        <section className="mpi-panel" aria-labelledby="mpi-damage-title">
          <h2 id="mpi-damage-title" className="mpi-panel__title">
            {t('mpi.damage_details')}
          </h2>
          {editable ? (
            <textarea
              className="mpi-damage"
              rows={3}
              maxLength={1600}
              value={draft.damage}
              aria-labelledby="mpi-damage-title"
              placeholder={t('mpi.damage_placeholder')}
              data-testid="mpi-damage-comment"
              onChange={(event) => editor.edit({ type: 'damage', comment: event.target.value })}
            />
          ) : (
            <p className="preserve-lines" data-testid="mpi-damage-comment-text">
              {draft.damage || <span className="muted">—</span>}
            </p>
          )}
        </section>

        <Recommendations
          roId={roId}
          recommendations={draft.recommendations}
          saved={sheet.recommendations}
          groups={draft.groups}
          editable={editable}
          moneyLocale={moneyLocale}
          canDecide={flags.service}
          invalid={invalid}
          dispatch={editor.edit}
          onReply={(next) => editor.apply(next)}
        />
      </fieldset>

      {reason === null ? (
        <div className="mpi-sheet__bar" role="region" aria-label={t('mpi.actions')}>
          <span className="mpi-sheet__dirty" role="status" data-testid="mpi-dirty" data-dirty={dirty ? 'true' : 'false'}>
            {uploading ? t('mpi.uploading_files') : dirty ? t('mpi.unsaved') : t('mpi.all_saved')}
          </span>
          <button type="button" className="button mpi-touch" data-testid="mpi-save" disabled={saving || completing || !dirty} onClick={() => void save()}>
            {saving ? t('mpi.saving') : t('mpi.save')}
          </button>
          {completer ? (
            <button
              type="button"
              className="button button--primary mpi-touch"
              data-testid="mpi-complete-technician"
              disabled={saving || completing || uploading}
              onClick={() => void complete()}
            >
              {completing ? t('mpi.completing') : t('mpi.complete_technician')}
            </button>
          ) : null}
        </div>
      ) : null}

      <GalleryDialog
        attachments={shownAttachments}
        edits={draft.attachments}
        openId={galleryId}
        editable={editable}
        mayJudge={maySetVerdict(flags)}
        locale={locale}
        timeZone={location.timezone}
        dispatch={editor.edit}
        onShow={setGalleryId}
        onClose={() => setGalleryId(null)}
      />
      <ClaimDialog
        order={claiming ? order : null}
        side={side}
        locale={locale}
        timeZone={location.timezone}
        onClaimed={(next) => {
          setClaiming(false);
          editor.apply(next);
        }}
        onRefused={() => {
          setClaiming(false);
          editor.reload();
        }}
        onClose={() => setClaiming(false)}
      />
      {leaveDialog}
    </section>
  );
}

function Fact({ label, code, testId, children }: { label: string; code?: boolean; testId?: string; children: ReactNode }) {
  return (
    <div className="mpi-sheet__fact">
      <dt>{label}</dt>
      <dd className={code ? 'mpi-facts__code' : undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The save's own refusal in words, with the offending recommendation marked. */
function showProblem(problem: DraftProblem, mark: (invalid: Invalid) => void): void {
  switch (problem.kind) {
    case 'groups':
      mark(null);
      toast.error(mpiErrorText(problem.error));
      return;
    case 'recommendation_item':
      mark({ key: problem.key, field: 'item' });
      toast.error(i18n.t('mpi.recommendation_item_required', { ns: 'inspections' }));
      return;
    case 'recommendation_price':
      mark({ key: problem.key, field: 'price' });
      toast.error(i18n.t('mpi.price_invalid', { ns: 'inspections' }));
      return;
  }
}

/** 409 mpi_changed: say so and reload (keeping the edits over the new sheet); anything else the standard MPI way. */
function conflictOrFailure(error: unknown, editor: SheetEditor): void {
  if (isMpiChanged(error)) {
    toast.info(mpiErrorText('mpi_changed'), { id: 'mpi-changed' });
    editor.reload();
    return;
  }
  showMpiFailure(error);
}

/**
 * Unsaved work is not lost by leaving: moving to another screen asks first (save and leave, leave
 * without saving, or stay), and closing the tab gets the browser's own warning.
 */
function useLeaveGuard(active: boolean, save: () => Promise<SheetReply | null>) {
  const { t } = useTranslation('inspections');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const open = blocker.state === 'blocked';
  const titleId = 'mpi-leave-title';
  return (
    <LeaveDialog
      open={open}
      titleId={titleId}
      busy={busy}
      title={t('mpi.leave_title')}
      text={t('mpi.leave_text')}
      stay={t('mpi.leave_stay')}
      discard={t('mpi.leave_discard')}
      saveLabel={t('mpi.leave_save')}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
      onSave={async () => {
        setBusy(true);
        const saved = await save();
        setBusy(false);
        if (saved) blocker.proceed?.();
        else blocker.reset?.();
      }}
    />
  );
}

function LeaveDialog(props: {
  open: boolean;
  titleId: string;
  busy: boolean;
  title: string;
  text: string;
  stay: string;
  discard: string;
  saveLabel: string;
  onStay: () => void;
  onDiscard: () => void;
  onSave: () => Promise<void>;
}) {
  return (
    <Dialog open={props.open} onClose={props.onStay} labelledBy={props.titleId}>
      <div data-testid="mpi-leave-dialog">
        <h2 className="dialog__title" id={props.titleId}>
          {props.title}
        </h2>
        <p>{props.text}</p>
        <div className="dialog__actions dialog__actions--wrap">
          <button type="button" className="button" onClick={props.onStay} disabled={props.busy}>
            {props.stay}
          </button>
          <button type="button" className="button" data-testid="mpi-leave-discard" onClick={props.onDiscard} disabled={props.busy}>
            {props.discard}
          </button>
          <button type="button" className="button button--primary" data-testid="mpi-leave-save" onClick={() => void props.onSave()} disabled={props.busy} autoFocus>
            {props.saveLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The advisor's toolbar above a sheet (issue 4, SPEC §4 "MPI", §6): where the sheet is and who
 * holds it, what the customer decided so far, and the advisor's moves — claim, reclaim for an
 * agent, complete, preview the PDF, send it to the customer, change its template. Every move
 * answers the sheet (SheetReply) and hands it to the editor; a stale screen reloads.
 */
import { useId, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import { accessLevel } from '../../../../../shared/access.js';
import type { Sheet, SheetReply } from '../../../../../shared/inspections/inspections.js';
import { formatMoney } from '../../../../../shared/money.js';
import { Dialog } from '../../../components/Dialog.js';
import { api } from '../../../lib/api.js';
import { fullName } from '../../../lib/names.js';
import { formatPhone } from '../../../lib/phone.js';
import { useReadySession } from '../../../lib/session.js';
import { formatWhen, useAdvisorPlace, type AdvisorPlace } from './advisorFormat.js';
import {
  agentsPath,
  previewPdf,
  reclaim,
  repairOrderPath,
  retemplate,
  sendToCustomer,
  techniciansPath,
  templatesPath,
  transition,
  type AgentsAnswer,
  type RepairOrderAnswer,
  type TechniciansAnswer,
  type TemplatesAnswer,
} from './advisorRequests.js';
import { advisorTools, reclaimCandidates, recommendationTotals, waitsForSave, type AdvisorActor, type AdvisorTool } from './advisorRules.js';
import { formatMoment } from '../labels.js';
import { scheduledToCustomerAt, sentToCustomerAt } from '../../../lib/sheetToCustomer.js';
import { heldUntil, useQuietHoursQuestion } from '../../../components/conversation/QuietHoursQuestion.js';
import { showMpiFailure } from '../mpiFailures.js';
import './advisor.css';

type Dialogs = 'reclaim' | 'send' | 'retemplate' | null;

const TOOL_TEST_IDS: Record<AdvisorTool, string> = {
  claim: 'mpi-advisor-claim',
  reclaim: 'mpi-reclaim',
  complete: 'mpi-complete-advisor',
  preview_pdf: 'mpi-preview-pdf',
  send_to_customer: 'mpi-send-customer',
  retemplate: 'mpi-retemplate',
};

export function AdvisorTools({
  reply,
  dirty,
  onReply,
  reload,
}: {
  reply: SheetReply;
  dirty: boolean;
  onReply: (reply: SheetReply) => void;
  reload: () => void;
}): JSX.Element | null {
  const { t } = useTranslation('inspections');
  const { acting } = useReadySession();
  const place = useAdvisorPlace();
  const hintId = useId();
  const [busy, setBusy] = useState<AdvisorTool | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const quiet = useQuietHoursQuestion(place);
  const actor: AdvisorActor = { id: acting.id, service: acting.access_level.service, manager: accessLevel(acting.access_level) >= 1 };
  const { sheet, repair_order: order } = reply;
  const tools = advisorTools(sheet, actor);
  if (!tools.length) return null;
  const roId = order.id;
  const heldBack = tools.some((tool) => waitsForSave(tool, dirty));

  /** `action` answers null when the agent chose not to go on (the quiet-hours question). */
  async function run<R extends SheetReply>(tool: AdvisorTool, action: () => Promise<R | null>, done?: (answer: R) => void, title?: string): Promise<boolean> {
    setBusy(tool);
    try {
      const answer = await action();
      if (!answer) return false;
      onReply({ sheet: answer.sheet, repair_order: answer.repair_order });
      done?.(answer);
      return true;
    } catch (error) {
      showMpiFailure(error, { reload, title });
      return false;
    } finally {
      setBusy(null);
    }
  }

  function openPdf() {
    // Opened now, while the click still counts as the agent's: a window opened after the wait would be blocked.
    const tab = window.open('', '_blank');
    setBusy('preview_pdf');
    previewPdf(roId)
      .then(({ pdf }) => {
        if (tab && !tab.closed) {
          tab.opener = null;
          tab.location.href = pdf.url;
        } else {
          toast.info(t('mpi_advisor.pdf_ready'), { action: { label: t('mpi_advisor.pdf_open'), onClick: () => window.open(pdf.url, '_blank', 'noopener') } });
        }
      })
      .catch((error: unknown) => {
        tab?.close();
        showMpiFailure(error, { reload });
      })
      .finally(() => setBusy(null));
  }

  function toolLabel(tool: AdvisorTool): string {
    if (tool === 'preview_pdf' && busy === 'preview_pdf') return t('mpi_advisor.pdf_generating');
    // Each send issues a fresh link: sending again is how a customer gets a new one.
    if (tool === 'send_to_customer' && sheet.sent_to_customer_at) return t('mpi_advisor.tool_send_again');
    return t(`mpi_advisor.tool_${tool}`);
  }

  function press(tool: AdvisorTool) {
    switch (tool) {
      case 'claim':
        void run('claim', () => transition(roId, 'advisor/claim', sheet.version));
        return;
      case 'complete':
        void run('complete', () => transition(roId, 'advisor/complete', sheet.version), () => toast.success(t('mpi_advisor.completed')));
        return;
      case 'preview_pdf':
        openPdf();
        return;
      case 'reclaim':
        setDialog('reclaim');
        return;
      case 'send_to_customer':
        setDialog('send');
        return;
      case 'retemplate':
        setDialog('retemplate');
        return;
    }
  }

  return (
    <section className="mpi-advisor" aria-label={t('mpi_advisor.label')} data-testid="mpi-advisor-tools">
      <SheetFacts sheet={sheet} place={place} />
      <div className="mpi-advisor__actions">
        {tools.map((tool) => {
          const waiting = waitsForSave(tool, dirty);
          const running = busy === tool;
          return (
            <button
              key={tool}
              type="button"
              className={`button button--small${tool === 'complete' || tool === 'send_to_customer' ? ' button--primary' : ''}`}
              data-testid={TOOL_TEST_IDS[tool]}
              disabled={waiting || busy !== null}
              aria-busy={running || undefined}
              aria-describedby={waiting ? hintId : undefined}
              title={waiting ? t('mpi_advisor.save_first') : undefined}
              onClick={() => press(tool)}
            >
              {running ? <span className="mpi-advisor__wheel" aria-hidden="true" /> : null}
              {toolLabel(tool)}
            </button>
          );
        })}
      </div>
      {heldBack ? (
        <p className="mpi-advisor__hint" id={hintId} data-testid="mpi-advisor-save-first">
          {t('mpi_advisor.save_first')}
        </p>
      ) : null}

      <ReclaimDialog
        open={dialog === 'reclaim'}
        sheet={sheet}
        locationId={place.locationId}
        busy={busy === 'reclaim'}
        onCancel={() => setDialog(null)}
        onConfirm={(agentId) =>
          void run('reclaim', () => reclaim(roId, agentId)).then((ok) => {
            if (ok) setDialog(null);
          })
        }
      />
      <SendDialog
        open={dialog === 'send'}
        roId={roId}
        customer={fullName({ first_name: order.customer_first_name, last_name: order.customer_last_name })}
        busy={busy === 'send_to_customer'}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void run(
            'send_to_customer',
            // Outside texting hours the server asks first; this dialog closes for the question.
            () => quiet.ask((answer) => sendToCustomer(roId, answer), () => setDialog(null)),
            (answer) => {
              const at = heldUntil(answer.message);
              if (at) toast.success(t('mpi_advisor.scheduled', { time: formatMoment(at, place.locale, place.timeZone) }));
              else toast.success(t('mpi_advisor.sent'));
            },
            t('mpi_advisor.send_failed'),
          ).then(() => setDialog(null))
        }
      />
      {quiet.question}
      <RetemplateDialog
        open={dialog === 'retemplate'}
        sheet={sheet}
        locationId={place.locationId}
        busy={busy === 'retemplate'}
        onCancel={() => setDialog(null)}
        onConfirm={(templateId) =>
          void run('retemplate', () => retemplate(roId, templateId), () => toast.success(t('mpi_advisor.retemplated'))).then((ok) => {
            if (ok) setDialog(null);
          })
        }
      />
    </section>
  );
}

/** State, holder, milestones and the customer's answers so far. */
function SheetFacts({ sheet, place }: { sheet: Sheet; place: AdvisorPlace }) {
  const { t } = useTranslation('inspections');
  const totals = recommendationTotals(sheet.recommendations);
  const when = (iso: string | null) => formatWhen(iso, place.locale, place.timeZone);
  const scheduledFor = scheduledToCustomerAt(sheet);
  return (
    <dl className="mpi-advisor__facts">
      <div className="mpi-advisor__fact">
        <dt>{t('mpi_advisor.state')}</dt>
        <dd
          data-testid="mpi-advisor-state"
          data-state={sheet.state}
          data-sent={sentToCustomerAt(sheet) ? 'true' : undefined}
          data-scheduled={scheduledFor ? 'true' : undefined}
        >
          {sentToCustomerAt(sheet)
            ? t('mpi_advisor.sent_to_customer')
            : scheduledFor
              ? t('mpi_advisor.scheduled_for', { time: formatMoment(scheduledFor, place.locale, place.timeZone) })
              : t(`mpi_advisor.state_${sheet.state}`)}
        </dd>
      </div>
      <div className="mpi-advisor__fact">
        <dt>{t('mpi_advisor.holder')}</dt>
        <dd data-testid="mpi-advisor-holder">
          {sheet.holder ? t(`mpi_advisor.held_as_${sheet.holder.role}`, { name: fullName(sheet.holder) }) : t('mpi_advisor.nobody')}
        </dd>
      </div>
      {sheet.completed_by_technician_at ? (
        <div className="mpi-advisor__fact">
          <dt>{t('mpi_advisor.completed_by_technician')}</dt>
          <dd>
            {sheet.technician
              ? t('mpi_advisor.by_at', { name: fullName(sheet.technician), when: when(sheet.completed_by_technician_at) })
              : when(sheet.completed_by_technician_at)}
          </dd>
        </div>
      ) : null}
      {sheet.completed_by_advisor_at ? (
        <div className="mpi-advisor__fact">
          <dt>{t('mpi_advisor.completed_by_advisor')}</dt>
          <dd>
            {sheet.advisor ? t('mpi_advisor.by_at', { name: fullName(sheet.advisor), when: when(sheet.completed_by_advisor_at) }) : when(sheet.completed_by_advisor_at)}
          </dd>
        </div>
      ) : null}
      {scheduledFor ? (
        <div className="mpi-advisor__fact">
          <dt>{t('mpi_advisor.scheduled_label')}</dt>
          <dd data-testid="mpi-advisor-scheduled-at">{when(scheduledFor)}</dd>
        </div>
      ) : sheet.sent_to_customer_at ? (
        <div className="mpi-advisor__fact">
          <dt>{t('mpi_advisor.sent_to_customer')}</dt>
          <dd data-testid="mpi-advisor-sent-at">{when(sheet.sent_to_customer_at)}</dd>
        </div>
      ) : null}
      <div className="mpi-advisor__fact">
        <dt>{t('mpi_advisor.recommendations')}</dt>
        <dd data-testid="mpi-advisor-totals" data-approved={totals.approved} data-declined={totals.rejected} data-undecided={totals.undecided}>
          {totals.total
            ? t('mpi_advisor.totals', {
                approved: totals.approved,
                declined: totals.rejected,
                undecided: totals.undecided,
                amount: formatMoney(totals.approved_cents, place.locale, place.moneyLocale),
              })
            : t('mpi_advisor.no_recommendations')}
        </dd>
      </div>
    </dl>
  );
}

function ReclaimDialog({
  open,
  sheet,
  locationId,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  sheet: Sheet;
  locationId: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (agentId: string) => void;
}) {
  const { t } = useTranslation('inspections');
  const titleId = useId();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const technicians = useSWR<TechniciansAnswer>(open ? techniciansPath(locationId) : null, { revalidateOnFocus: false });
  const agents = useSWR<AgentsAnswer>(open ? agentsPath(locationId) : null, { revalidateOnFocus: false });
  const candidates = reclaimCandidates(technicians.data?.technicians ?? [], agents.data?.agents ?? []);
  const techs = candidates.filter((c) => c.role === 'technician');
  const advisors = candidates.filter((c) => c.role === 'advisor');
  const loading = technicians.isLoading || agents.isLoading;
  const close = () => {
    setChosen('');
    onCancel();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('mpi_advisor.reclaim_title')}
      </h2>
      <p>{sheet.state === 'completed_by_advisor' ? t('mpi_advisor.reclaim_reopens') : t('mpi_advisor.reclaim_text')}</p>
      <div className="field">
        <label htmlFor={selectId}>{t('mpi_advisor.reclaim_agent')}</label>
        <select id={selectId} data-testid="mpi-reclaim-agent" value={chosen} aria-busy={loading || undefined} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{loading ? t('common.loading') : t('mpi_advisor.reclaim_choose')}</option>
          {techs.length ? (
            <optgroup label={t('mpi_advisor.technicians')}>
              {techs.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {fullName(agent)}
                </option>
              ))}
            </optgroup>
          ) : null}
          {advisors.length ? (
            <optgroup label={t('mpi_advisor.service_advisors')}>
              {advisors.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {fullName(agent)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="mpi-reclaim-confirm"
          disabled={!chosen || busy}
          aria-busy={busy || undefined}
          onClick={() => onConfirm(chosen)}
        >
          {t('mpi_advisor.reclaim_confirm')}
        </button>
      </div>
    </Dialog>
  );
}

function SendDialog({ open, roId, customer, busy, onCancel, onConfirm }: { open: boolean; roId: string; customer: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('inspections');
  const titleId = useId();
  // The sheet's order carries no phone: the repair order says where the text goes.
  // Its own cache key: the service board keeps the bare order under the order's path.
  const { data } = useSWR<RepairOrderAnswer>(open ? ['mpi-send-order', roId] : null, () => api.request<RepairOrderAnswer>(repairOrderPath(roId)), {
    revalidateOnFocus: false,
  });
  const person = data?.repair_order.customer;
  const raw = person ? (person.default_contact !== 'email' ? person.phones[person.default_contact] : null) ?? person.phones.cell ?? person.phones.work ?? person.phones.alternate : null;
  const phone = raw ? formatPhone(raw) : '';
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('mpi_advisor.send_title')}
      </h2>
      <p data-testid="mpi-send-to">
        {phone ? t('mpi_advisor.send_text_phone', { name: customer || t('mpi_advisor.the_customer'), phone }) : t('mpi_advisor.send_text', { name: customer || t('mpi_advisor.the_customer') })}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" data-testid="mpi-send-confirm" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {t('mpi_advisor.send_confirm')}
        </button>
      </div>
    </Dialog>
  );
}

function RetemplateDialog({
  open,
  sheet,
  locationId,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  sheet: Sheet;
  locationId: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (templateId: string) => void;
}) {
  const { t } = useTranslation('inspections');
  const titleId = useId();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const { data, isLoading } = useSWR<TemplatesAnswer>(open ? templatesPath(locationId) : null, { revalidateOnFocus: false });
  // Saved, live templates; the sheet's vehicle type first.
  const templates = (data?.sheet_templates ?? [])
    .filter((tpl) => !tpl.archived)
    .sort((a, b) => Number(b.vehicle_type === sheet.vehicle_type) - Number(a.vehicle_type === sheet.vehicle_type) || a.form_name.localeCompare(b.form_name));
  const close = () => {
    setChosen('');
    onCancel();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('mpi_advisor.retemplate_title')}
      </h2>
      <p className="mpi-advisor__warning" role="note">
        {t('mpi_advisor.retemplate_warning')}
      </p>
      <div className="field">
        <label htmlFor={selectId}>{t('mpi_advisor.retemplate_template')}</label>
        <select id={selectId} data-testid="mpi-retemplate-template" value={chosen} aria-busy={isLoading || undefined} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{isLoading ? t('common.loading') : t('mpi_advisor.retemplate_choose')}</option>
          {templates.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>
              {t('mpi_advisor.template_option', { name: tpl.form_name, type: t(`mpi_advisor.vehicle_${tpl.vehicle_type}`) })}
              {tpl.id === sheet.template_id ? ` — ${t('mpi_advisor.template_current')}` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="mpi-retemplate-confirm"
          disabled={!chosen || busy}
          aria-busy={busy || undefined}
          onClick={() => onConfirm(chosen)}
        >
          {t('mpi_advisor.retemplate_confirm')}
        </button>
      </div>
    </Dialog>
  );
}

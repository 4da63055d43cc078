import { lazy, Suspense, useId, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { holdsOrders } from '../../../../shared/access.js';
import { distanceUnit, intlTag, type Locale } from '../../../../shared/locales.js';
import type { Colleague, Location } from '../../../../shared/api.js';
import type { SheetReply, SheetTemplate } from '../../../../shared/inspections/inspections.js';
import { formatMoney } from '../../../../shared/money.js';
import type { Customer } from '../../../../shared/customers.js';
import { isTextedIn, type RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { CallCustomer } from '../../components/calls/CallCustomer.js';
import { CallHistory } from '../../components/conversation/CallHistory.js';
import { ConsentHistory } from '../../components/conversation/ConsentHistory.js';
import { CustomerActions, customerActionRefusal } from '../../components/conversation/CustomerActions.js';
import { CustomerCard } from '../../components/conversation/CustomerCard.js';
import { DetailItem as Item } from '../../components/conversation/DetailItem.js';
import { DetailSection as Section } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { heldUntil, scheduledTime, useQuietHoursQuestion } from '../../components/conversation/QuietHoursQuestion.js';
import { Dialog } from '../../components/Dialog.js';
import { i18n } from '../../lib/i18n.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { useReadySession } from '../../lib/session.js';
import type { BoardContext } from './boardContext.js';
import { RowMarkers } from './BoardTable.js';
import { customerName, orderNumber, vehicleLabel } from './boardRows.js';
import { promiseUrgency } from './promiseTime.js';
import { scheduledToCustomerAt } from '../../lib/sheetToCustomer.js';
import { agentsPath, assignAdvisor, fetchRepairOrder, orderAction, sendVehicleReady, vehicleReadyPreviewPath } from './requests.js';
import { OrderMarkers, OrderSections } from '../../lib/featureParts.js';

/** The location's agents as the agents route answers them; the service flag, when the answer carries it, picks advisors. */

type Busy = 'vehicle_ready' | 'archive' | 'assign' | 'customer' | null;

/**
 * The selected order's details and actions (issue 3 part 5): who the customer is and whether they
 * may be texted, the vehicle, the order, its advisor, and what an agent can do about it.
 */
export function DetailPanel({
  id,
  order,
  context,
  onOrder,
  onCustomer,
  onToggleUnread,
}: {
  id: string;
  order: RepairOrder;
  context: BoardContext;
  onOrder: (order: RepairOrder) => void;
  onCustomer: (customer: Customer) => void;
  onToggleUnread: (order: RepairOrder, unread: boolean) => void;
}) {
  const { t } = useTranslation('serviceBoard');
  const ids = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [vehicleReadyOpen, setVehicleReadyOpen] = useState(false);
  const quiet = useQuietHoursQuestion(context);
  const { customer } = order;
  const optedOut = customer.opt_in === 'out';

  async function run<T>(what: Exclude<Busy, null>, action: () => Promise<T>, done: (value: T) => void) {
    setBusy(what);
    try {
      done(await action());
    } catch {
      // send() has already shown the server's reason.
    } finally {
      setBusy(null);
    }
  }

  const vehicleReadyReason = optedOut ? t('detail.opted_out_action') : !order.agent ? t('detail.missing_agent') : null;
  const customerRefusal = customerActionRefusal(customer);
  const optOutReason = customerRefusal ? t(customerRefusal) : null;
  const reasonId = `${ids}-reason`;
  const storeLocale = useStoreLocale(context, order.vehicle.mileage !== null);

  return (
    <aside id={id} className="board__details detail" aria-label={t('detail.label')} data-testid="detail-panel">
      <CustomerCard customer={customer} name={customerName(order)} markers={
          <>
            <RowMarkers row={order} />
            <OrderMarkers order={order} />
          </>
        } context={context} />

      <Section title={t('detail.vehicle')}>
        <dl className="detail__list">
          <Item label={t('detail.vehicle_model')}>{vehicleLabel(order) || '—'}</Item>
          {order.vehicle.vin ? <Item label={t('detail.vin')}>{order.vehicle.vin}</Item> : null}
          {order.vehicle.mileage !== null ? <Item label={t(`detail.mileage_${distanceUnit(storeLocale)}`)}>{new Intl.NumberFormat(intlTag(context.locale)).format(order.vehicle.mileage)}</Item> : null}
        </dl>
      </Section>

      <Section title={t('detail.repair_order')}>
        <dl className="detail__list">
          <Item label={t('detail.ro_number')}>{orderNumber(order, t)}</Item>
          <Item label={t('board.column_promise_time')}>
            {order.promise_time ? (
              <span className={`promise promise--${promiseUrgency(order.promise_time, Date.now(), order.closed || order.vehicle_ready)}`}>
                {formatDateTime(order.promise_time, context.locale, context.timeZone)}
              </span>
            ) : (
              '—'
            )}
          </Item>
          <Item label={t('detail.opened')}>{formatDateTime(order.opened_at, context.locale, context.timeZone)}</Item>
          {order.closed ? (
            <Item label={t('detail.closed')}>
              {order.closed_at ? formatDateTime(order.closed_at, context.locale, context.timeZone) : t('common.yes')}
              {order.autoclosed ? ` (${t('detail.autoclosed')})` : ''}
            </Item>
          ) : null}
          <Item label={t('board.column_tech_status')}>{order.custom.work_order_status_code ? t(`tech_status.${order.custom.work_order_status_code}`) : '—'}</Item>
          <Item label={t('detail.dms_status')}>{t(`dms_status.${order.metadata.dms_status}`)}</Item>
          <Item label={t('board.column_advisor')}>
            <AdvisorPicker order={order} context={context} busy={busy === 'assign'} onAssign={(agentId) => void run('assign', () => assignAdvisor(order.id, agentId), onOrder)} />
          </Item>
        </dl>
      </Section>

      <MpiSection order={order} context={context} onOrder={onOrder} />

      <OrderSections order={order} context={context} />

      <Section title={t('detail.actions')}>
        {vehicleReadyReason || optOutReason ? (
          <p className="detail__reason" id={reasonId} data-testid="action-reason">
            {vehicleReadyReason ?? optOutReason}
          </p>
        ) : null}
        <div className="detail__actions">
          <button
            type="button"
            className="button button--small"
            data-testid="vehicle-ready-button"
            disabled={vehicleReadyReason !== null || busy !== null}
            aria-describedby={vehicleReadyReason ? reasonId : undefined}
            title={vehicleReadyReason ?? undefined}
            aria-haspopup="dialog"
            onClick={() => setVehicleReadyOpen(true)}
          >
            {t('actions.vehicle_ready')}
          </button>
          <button
            type="button"
            className="button button--small"
            data-testid="archive-button"
            disabled={busy !== null}
            onClick={() => void run('archive', () => orderAction(order.id, order.archived ? 'unarchive' : 'archive'), onOrder)}
          >
            {order.archived ? t('actions.unarchive') : t('actions.archive')}
          </button>
          <button type="button" className="button button--small" data-testid="detail-read-toggle" onClick={() => onToggleUnread(order, !order.is_unread)}>
            {order.is_unread ? t('actions.mark_read') : t('actions.mark_unread')}
          </button>
          <CallCustomer customerId={customer.id} board="service" owner={{ kind: 'repair_order', id: order.id }} />
          <CustomerActions
            customer={customer}
            name={customerName(order)}
            disabled={busy !== null && busy !== 'customer'}
            onBusy={(working) => setBusy(working ? 'customer' : null)}
            onCustomer={onCustomer}
          />
        </div>
      </Section>

      <CallHistory
        customerId={customer.id}
        context={context}
        flag={
          order.metadata.missed_call ? (
            <span className="marker marker--warning" data-testid="missed-call-flag">
              {t('markers.missed_call')}
            </span>
          ) : null
        }
      />
      {context.manager ? <ConsentHistory customerId={customer.id} context={context} /> : null}

      <VehicleReadyDialog
        open={vehicleReadyOpen}
        orderId={order.id}
        name={customerName(order)}
        busy={busy === 'vehicle_ready'}
        onCancel={() => setVehicleReadyOpen(false)}
        onConfirm={() =>
          void run(
            'vehicle_ready',
            // Outside texting hours the server asks first; the preview closes for the question.
            () => quiet.ask((answer) => sendVehicleReady(order.id, answer), () => setVehicleReadyOpen(false)),
            (answer) => {
              setVehicleReadyOpen(false);
              if (!answer) return;
              onOrder(answer.repair_order);
              const at = heldUntil(answer.message);
              if (at) toast.success(t('detail.vehicle_ready_scheduled', { time: scheduledTime(at, context.locale, context.timeZone) }));
              else toast.success(t('detail.vehicle_ready_sent'));
            },
          )
        }
      />
      {quiet.question}
    </aside>
  );
}

function AdvisorPicker({ order, context, busy, onAssign }: { order: RepairOrder; context: BoardContext; busy: boolean; onAssign: (agentId: string | null) => void }) {
  const { t } = useTranslation('serviceBoard');
  const { data } = useSWR<{ agents: Colleague[] }>(agentsPath(context.locationId), { revalidateOnFocus: false });
  const advisors = (data?.agents ?? []).filter((agent) => agent.active && holdsOrders(agent.access_level));
  const current = order.agent;
  // The current advisor stays choosable even before the list arrives, or if they left the location.
  const options = current && !advisors.some((a) => a.id === current.id) ? [{ id: current.id, first_name: current.first_name, last_name: current.last_name }, ...advisors] : advisors;
  return (
    <select
      className="detail__select"
      aria-label={t('detail.assign_advisor')}
      data-testid="advisor-picker"
      value={current?.id ?? ''}
      disabled={busy}
      aria-busy={busy || undefined}
      onChange={(event) => onAssign(event.target.value || null)}
    >
      <option value="">{t('board.no_advisor')}</option>
      {options.map((agent) => (
        <option key={agent.id} value={agent.id}>
          {`${agent.first_name} ${agent.last_name}`}
        </option>
      ))}
    </select>
  );
}

/**
 * The vehicle-ready text goes to the customer at once and cannot be taken back: the agent reads the
 * exact words first (the server composes them as it will send them: dealership, customer's language).
 */
function VehicleReadyDialog({
  open,
  orderId,
  name,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  orderId: string;
  name: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('serviceBoard');
  const titleId = useId();
  // Read afresh each time it opens: the settings or the customer's language may have changed.
  const { data, isLoading } = useSWR<{ text: string }>(open ? vehicleReadyPreviewPath(orderId) : null, { revalidateOnFocus: false, revalidateIfStale: true, dedupingInterval: 0 });
  const text = open ? data?.text : undefined;
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('detail.vehicle_ready_title')}
      </h2>
      <p>{t('detail.vehicle_ready_text', { name })}</p>
      {text ? (
        <blockquote className="dialog__quote" data-testid="vehicle-ready-preview">
          {text}
        </blockquote>
      ) : (
        <p className="muted">{isLoading ? t('common.loading') : t('detail.vehicle_ready_no_preview')}</p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" data-testid="vehicle-ready-confirm" disabled={busy || !text} aria-busy={busy} onClick={onConfirm}>
          {t('detail.vehicle_ready_confirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** MPI calls of the detail panel (contract: shared/inspections/inspections.ts). */
const mpiTemplatesPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/tech/mpi/sheet_templates?offset=0&limit=50`;
const locationPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}`;

/**
 * The store's own locale: its currency and the unit its odometers read in, whatever language the
 * agent reads (read once per location, when `needed`; the reader's until it is known).
 */
function useStoreLocale(context: BoardContext, needed: boolean): Locale {
  const { data: place } = useSWR<{ location: Location }>(needed ? locationPath(context.locationId) : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: () => undefined,
  });
  return place?.location.locale ?? context.locale;
}

/**
 * The order's inspection (issue 4 part 5): where it is, who holds it, what the customer decided, and
 * the way to it; an order without one can get one from a saved template (the re-template route).
 */
function MpiSection({ order, context, onOrder }: { order: RepairOrder; context: BoardContext; onOrder: (order: RepairOrder) => void }) {
  const { t } = useTranslation('serviceBoard');
  const headingId = useId();
  const { acting } = useReadySession();
  const sheet = order.sheet;
  // Amounts are in the location's currency, whatever language the agent reads.
  const moneyLocale = useStoreLocale(context, sheet !== null);
  return (
    <section className="detail__section" aria-labelledby={headingId} data-testid="detail-mpi" data-state={sheet?.state ?? 'none'}>
      <h3 className="detail__heading" id={headingId}>
        {t('board_mpi.title')}
      </h3>
      {sheet ? (
        <>
          <dl className="detail__list">
            <Item label={t('board_mpi.state')}>
              <span data-testid="detail-mpi-state">{t(`board_mpi.state_${sheet.state}`)}</span>
            </Item>
            <Item label={t('board_mpi.form')}>{sheet.form_name}</Item>
            <Item label={t('board_mpi.holder')}>
              <span data-testid="detail-mpi-holder">
                {sheet.holder ? t(`board_mpi.held_as_${sheet.holder.role}`, { name: `${sheet.holder.first_name} ${sheet.holder.last_name}` }) : t('board_mpi.nobody')}
              </span>
            </Item>
            {scheduledToCustomerAt(sheet) ? (
              <Item label={t('board_mpi.scheduled')}>{formatDateTime(sheet.sent_to_customer_at, context.locale, context.timeZone)}</Item>
            ) : sheet.sent_to_customer_at ? (
              <Item label={t('board_mpi.sent')}>{formatDateTime(sheet.sent_to_customer_at, context.locale, context.timeZone)}</Item>
            ) : null}
            <Item label={t('board_mpi.recommendations')}>
              <span data-testid="detail-mpi-totals" data-approved={sheet.recommendations.approved} data-total={sheet.recommendations.total}>
                {sheet.recommendations.total
                  ? t('board_mpi.totals', {
                      approved: sheet.recommendations.approved,
                      declined: sheet.recommendations.rejected,
                      undecided: sheet.recommendations.undecided,
                      amount: formatMoney(sheet.recommendations.approved_cents, context.locale, moneyLocale),
                    })
                  : t('board_mpi.no_recommendations')}
              </span>
            </Item>
          </dl>
          <Link className="detail-mpi__open" to={`/mpi/repair_orders/${encodeURIComponent(order.id)}`} data-testid="detail-mpi-open">
            {t('board_mpi.open')}
          </Link>
        </>
      ) : (
        <>
          <p className="muted" data-testid="detail-mpi-none">
            {t('board_mpi.none')}
          </p>
          {/* A texted-in order is a conversation, not a visit: no vehicle to inspect until the DMS's order comes. */}
          {acting.access_level.service && !isTextedIn(order) ? <StartMpi order={order} context={context} onOrder={onOrder} /> : null}
        </>
      )}
    </section>
  );
}

/** A sheet for an order that has none: pick a saved, live template and start (PUT …/template). */
function StartMpi({ order, context, onOrder }: { order: RepairOrder; context: BoardContext; onOrder: (order: RepairOrder) => void }) {
  const { t } = useTranslation('serviceBoard');
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const { data, isLoading } = useSWR<{ sheet_templates: SheetTemplate[] }>(mpiTemplatesPath(context.locationId), { revalidateOnFocus: false });
  const templates = (data?.sheet_templates ?? []).filter((tpl) => !tpl.archived);
  // The location's default car template is the usual choice.
  const picked = chosen || templates.find((tpl) => tpl.default && tpl.vehicle_type === 'car')?.id || '';

  async function start() {
    setBusy(true);
    try {
      await api.request<SheetReply>(`/api/tech/mpi/repair_orders/${encodeURIComponent(order.id)}/template`, {
        method: 'PUT',
        body: { template_id: picked },
        expected: { statuses: [400, 403, 404, 409, 422] },
      });
      onOrder(await fetchRepairOrder(order.id));
    } catch (error) {
      if (error instanceof ApiError && error.action.kind === 'expected') {
        const id = error.id;
        const message = serverMessage(error.body);
        toast.error(id ? i18n.t(`mpi_errors.${id}`, { defaultValue: message || i18n.t('errors.generic_text') }) : message || t('errors.generic_text'));
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="detail-mpi__start">
      <label className="visually-hidden" htmlFor={selectId}>
        {t('board_mpi.template')}
      </label>
      <select id={selectId} className="detail__select" data-testid="detail-mpi-template" value={picked} disabled={busy} onChange={(event) => setChosen(event.target.value)}>
        <option value="">{isLoading ? t('common.loading') : t('board_mpi.choose_template')}</option>
        {templates.map((tpl) => (
          <option key={tpl.id} value={tpl.id}>
            {t('board_mpi.template_option', { name: tpl.form_name, type: t(`board_mpi.vehicle_${tpl.vehicle_type}`) })}
          </option>
        ))}
      </select>
      <button type="button" className="button button--small" data-testid="detail-mpi-start" disabled={!picked || busy} aria-busy={busy || undefined} onClick={() => void start()}>
        {t('board_mpi.start')}
      </button>
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetRepairOrder, SheetReply } from '../../../../shared/inspections/inspections.js';
import { distanceUnit, intlTag, type Locale } from '../../../../shared/locales.js';
import { Dialog } from '../../components/Dialog.js';
import { useAdvisorPlace } from './advisor/advisorFormat.js';
import { customerLabel, formatMoment, vehicleLabel } from './labels.js';
import { showClaimFailure } from './mpiFailures.js';
import { claimSheet, type SheetSide } from './requests.js';

/**
 * SPEC "claim modal": the technician confirms the car before the sheet becomes theirs (so the
 * wrong car in the next bay is not claimed). A refusal (someone else was faster) shows the
 * server's words and the caller drops the row.
 */
export function ClaimDialog({
  order,
  side,
  locale,
  timeZone,
  onClaimed,
  onRefused,
  onClose,
}: {
  order: SheetRepairOrder | null;
  side: SheetSide;
  locale: Locale;
  timeZone: string;
  onClaimed: (reply: SheetReply) => void;
  onRefused: (repairOrderId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('inspections');
  // The odometer's unit is the store's (its locale), not the reader's language.
  const { moneyLocale: storeLocale } = useAdvisorPlace();
  const titleId = useId();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!order || busy) return;
    setBusy(true);
    try {
      const reply = await claimSheet(order.id, side);
      onClaimed(reply);
    } catch (error) {
      showClaimFailure(error);
      onRefused(order.id);
    } finally {
      setBusy(false);
    }
  }

  const vehicle = order ? vehicleLabel(order.vehicle) : '';
  return (
    <Dialog open={order !== null} onClose={() => (busy ? undefined : onClose())} labelledBy={titleId}>
      {order ? (
        <div data-testid="mpi-claim-dialog">
          <h2 className="dialog__title" id={titleId}>
            {t('mpi.claim_title')}
          </h2>
          <p>{t('mpi.claim_text')}</p>
          <dl className="mpi-facts">
            <dt>{t('mpi.ro_number')}</dt>
            <dd>{order.ro_id}</dd>
            <dt>{t('mpi.customer')}</dt>
            <dd>{customerLabel(order) || '—'}</dd>
            <dt>{t('mpi.vehicle')}</dt>
            <dd>{vehicle || '—'}</dd>
            {order.vehicle.vin ? (
              <>
                <dt>{t('mpi.vin')}</dt>
                <dd className="mpi-facts__code">{order.vehicle.vin}</dd>
              </>
            ) : null}
            {order.vehicle.mileage !== null ? (
              <>
                <dt>{t(`mpi.mileage_${distanceUnit(storeLocale)}`)}</dt>
                <dd>{new Intl.NumberFormat(intlTag(locale)).format(order.vehicle.mileage)}</dd>
              </>
            ) : null}
            {order.promise_time ? (
              <>
                <dt>{t('mpi.promise_time')}</dt>
                <dd>{formatMoment(order.promise_time, locale, timeZone)}</dd>
              </>
            ) : null}
            {order.custom.customer_waiting ? (
              <>
                <dt>{t('mpi.waiting')}</dt>
                <dd>{t('mpi.customer_waiting')}</dd>
              </>
            ) : null}
          </dl>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--primary" data-testid="mpi-claim-confirm" onClick={() => void confirm()} disabled={busy} autoFocus>
              {busy ? t('mpi.claiming') : t('mpi.claim_confirm')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

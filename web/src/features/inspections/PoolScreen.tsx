import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SheetRepairOrder, SheetReply } from '../../../../shared/inspections/inspections.js';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { ClaimDialog } from './ClaimDialog.js';
import { sheetSide } from './sheetAccess.js';
import { SheetQueueTable } from './SheetQueueTable.js';
import { useSheetQueue } from './useSheetQueue.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './inspections.css';

/** What the sheet screen is handed when a claim opened it, so it shows at once without asking again. */
export interface SheetNavigationState {
  reply: SheetReply;
}

/**
 * The MPI pool at /app/mpi (SPEC §2, §4): the location's sheets waiting for a technician. Claiming
 * one confirms the car first, then opens the sheet; a sheet claimed anywhere else leaves this list
 * at once.
 */
export function PoolScreen() {
  const { t } = useTranslation('inspections');
  const { acting, location } = useReadySession();
  const locale = useStore(currentLocale);
  const navigate = useNavigate();
  const pool = useSheetQueue(location.id, 'pool');
  const [claiming, setClaiming] = useState<SheetRepairOrder | null>(null);
  const side = sheetSide(acting.access_level);
  const title = useScreenName(menuLabel(menu, 'mpi_pool'));

  function claimed(reply: SheetReply) {
    setClaiming(null);
    pool.remove(reply.repair_order.id);
    const state: SheetNavigationState = { reply };
    navigate(`/mpi/repair_orders/${encodeURIComponent(reply.repair_order.id)}`, { state });
  }

  return (
    <section className="mpi-screen" aria-labelledby="mpi-pool-title" data-testid="mpi-pool">
      <header className="mpi-screen__header">
        <h1 id="mpi-pool-title" className="mpi-screen__title">
          {title}
        </h1>
        {pool.total !== null ? (
          <span className="count-pill" role="status" data-testid="mpi-pool-count">
            {t('mpi.waiting_count', { total: pool.total })}
          </span>
        ) : null}
      </header>
      <SheetQueueTable queue="pool" list={pool} locale={locale} timeZone={location.timezone} label={title} onClaim={(entry) => setClaiming(entry.repair_order)} />
      <ClaimDialog
        order={claiming}
        side={side}
        locale={locale}
        timeZone={location.timezone}
        onClaimed={claimed}
        onRefused={(id) => {
          setClaiming(null);
          pool.remove(id);
          pool.revalidate();
        }}
        onClose={() => setClaiming(null)}
      />
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { CSI_EVENTS } from '../../../../shared/csi/events.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, knowEvents, subscribe } from '../../lib/realtime.js';

/** A low rating stays on screen this long: long enough to come back to the desk and call. */
const NOTICE_MS = 120_000;

/**
 * A customer rated a visit at or below the store's threshold (`csi.low_rating`, on each manager's
 * own channel): a notice with a button that opens the order, and a desktop notification while the
 * console is in the background, so the manager can call the customer.
 */
export function LowRatingNotices() {
  const { t } = useTranslation('csi');
  const navigate = useNavigate();
  const latest = useRef({ t, navigate });
  latest.current = { t, navigate };

  useEffect(() => {
    knowEvents(CSI_EVENTS);
    return subscribe('csi.low_rating', (data) => {
      if (isCatchUpEvent()) return;
      const { t: words, navigate: go } = latest.current;
      const title = words('csi.alert_title', { rating: data.rating, customer: data.customer_name });
      const body = data.comment ? words('csi.alert_body_comment', { ro: data.ro_number, comment: data.comment }) : words('csi.alert_body', { ro: data.ro_number });
      const open = () => go(data.link);
      toast.error(title, { id: `csi-${data.repair_order_id}`, description: body, duration: NOTICE_MS, closeButton: true, action: { label: words('csi.alert_open'), onClick: open } });
      notifyWhenHidden({ title, body, tag: `csi-${data.repair_order_id}`, onOpen: open });
    });
  }, []);
  return null;
}

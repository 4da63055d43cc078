/**
 * The order's survey in its detail: sent, reminded, answered (the rating in its colour, the
 * comment), or none; and the advisor's "Send survey" while no survey is open or answered, with the
 * server's refusal said in the section (the button's answer belongs next to it, not in a toast).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { csiPaths } from '../../../../shared/csi/routes.js';
import { CSI_ERRORS, type Survey } from '../../../../shared/csi/surveys.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { api, fetcher } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { ApiError } from '../../lib/request.js';
import { serverRefusalText } from '../../lib/sendRefusals.js';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { RatingBadge } from './RatingMarker.js';

type SendAnswer = { kind: 'sent' } | { kind: 'refused'; text: string };

const isCsiRefusal = (id: string | null): id is keyof typeof CSI_ERRORS => id !== null && Object.hasOwn(CSI_ERRORS, id);

export function SurveySection({ order }: { order: RepairOrder }) {
  const { t } = useTranslation('csi');
  const locale = useStore(currentLocale);
  const { location } = useReadySession();
  // Read again whenever the order changes (a rating arrives as the order's change).
  const rating = order.satisfaction_poll?.rating ?? null;
  const { data, error, mutate } = useSWR<{ survey: Survey | null }>([csiPaths.survey(order.id), rating], ([path]: [string]) => fetcher<{ survey: Survey | null }>(path), { revalidateOnFocus: false });
  const at = (iso: string | null) => (iso ? formatDateTime(iso, locale, location.timezone) : '');
  const survey = data?.survey ?? null;
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<SendAnswer | null>(null);
  // An expired survey may be asked again; an open or answered one stands.
  const sendable = data !== undefined && !order.archived && (survey === null || survey.state === 'expired');

  async function send() {
    setBusy(true);
    setAnswer(null);
    try {
      const sent = await api.request<{ survey: Survey }>(csiPaths.survey(order.id), { method: 'POST', expected: { statuses: [409, 422] } });
      await mutate({ survey: sent.survey }, { revalidate: false });
      setAnswer({ kind: 'sent' });
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 422)) {
        setAnswer({ kind: 'refused', text: refusalText(failure) });
        // A survey sent or answered meanwhile (another advisor, the DMS) shows as it is now.
        void mutate();
      } else {
        reportFailure(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  /** CSI's own refusals in the agent's words; the texting and gatekeeper refusals as the composer words them; else the server's. */
  function refusalText(failure: ApiError): string {
    const id = failure.id;
    if (isCsiRefusal(id)) {
      const details = (failure.body as { error?: { next_at?: unknown; sent_at?: unknown } }).error ?? {};
      const nextAt = typeof details.next_at === 'string' ? details.next_at : null;
      if (id === 'too_soon') return nextAt ? t('csi.refused_too_soon_until', { at: at(nextAt) }) : t('csi.refused_too_soon');
      return t(`csi.refused_${id}`);
    }
    return serverRefusalText(failure.body) ?? failure.message;
  }

  return (
    <DetailSection title={t('csi.section_title')}>
      <div className="csi-survey" data-testid="csi-survey">
        <p className="csi-survey__rating">
          <RatingBadge rating={rating} label={rating === null ? t('csi.no_rating') : t('csi.rating_label', { rating })} text={rating === null ? t('csi.no_rating') : t('csi.rating_short', { rating })} />
        </p>
        {error ? <p className="muted">{t('csi.load_failed')}</p> : null}
        {data && !survey ? <p className="muted">{t('csi.no_survey')}</p> : null}
        {survey ? (
          <ul className="csi-survey__facts">
            <li>{t('csi.sent_at', { at: at(survey.sent_at) })}</li>
            {survey.reminded_at ? <li>{t('csi.reminded_at', { at: at(survey.reminded_at) })}</li> : null}
            {survey.state === 'open' ? <li>{t('csi.waiting')}</li> : null}
            {survey.state === 'expired' ? <li>{t('csi.expired')}</li> : null}
            {survey.state === 'answered' ? <li>{t(survey.via === 'page' ? 'csi.answered_page' : 'csi.answered_text', { at: at(survey.answered_at) })}</li> : null}
            {survey.comment ? (
              <li>
                {t('csi.comment')}: <q className="csi-survey__comment">{survey.comment}</q>
              </li>
            ) : null}
          </ul>
        ) : null}
        {sendable ? (
          <div className="detail__actions">
            <button type="button" className="button button--small" disabled={busy} aria-describedby={answer?.kind === 'refused' ? `${order.id}-csi-refused` : undefined} onClick={() => void send()} data-testid="csi-send">
              {busy ? t('csi.sending') : t('csi.send')}
            </button>
          </div>
        ) : null}
        <p className="muted" role="status" data-testid="csi-sent">
          {answer?.kind === 'sent' ? t('csi.sent') : ''}
        </p>
        {answer?.kind === 'refused' ? (
          <p className="csi-survey__refused" role="alert" id={`${order.id}-csi-refused`} data-testid="csi-refused">
            {answer.text}
          </p>
        ) : null}
      </div>
    </DetailSection>
  );
}

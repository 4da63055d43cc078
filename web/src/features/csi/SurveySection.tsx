/** The order's survey in its detail: sent, reminded, answered (the rating in its colour, the comment), or none. */
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { csiPaths } from '../../../../shared/csi/routes.js';
import type { Survey } from '../../../../shared/csi/surveys.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { fetcher } from '../../lib/api.js';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { RatingBadge } from './RatingMarker.js';

export function SurveySection({ order }: { order: RepairOrder }) {
  const { t } = useTranslation('csi');
  const locale = useStore(currentLocale);
  const { location } = useReadySession();
  // Read again whenever the order changes (a rating arrives as the order's change).
  const rating = order.satisfaction_poll?.rating ?? null;
  const { data, error } = useSWR<{ survey: Survey | null }>([csiPaths.survey(order.id), rating], ([path]: [string]) => fetcher<{ survey: Survey | null }>(path), { revalidateOnFocus: false });
  const at = (iso: string | null) => (iso ? formatDateTime(iso, locale, location.timezone) : '');
  const survey = data?.survey ?? null;

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
      </div>
    </DetailSection>
  );
}

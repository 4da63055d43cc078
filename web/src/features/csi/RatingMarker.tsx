import { useTranslation } from 'react-i18next';
import { ratingTone } from '../../../../shared/csi/surveys.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';

/** The customer's rating of the visit, in its SPEC §9 colour; a row whose customer has not rated shows nothing. */
export function RatingMarker({ order }: { order: RepairOrder }) {
  const { t } = useTranslation('csi');
  const rating = order.satisfaction_poll?.rating ?? null;
  if (rating === null) return null;
  return <RatingBadge rating={rating} label={t('csi.rating_label', { rating })} text={t('csi.rating_short', { rating })} />;
}

export function RatingBadge({ rating, label, text }: { rating: number | null; label: string; text: string }) {
  const tone = ratingTone(rating);
  return (
    <span className={`marker csi-rating csi-rating--${tone}`} data-testid="marker-csi-rating" data-tone={tone} title={label} aria-label={label} role="img">
      {text}
    </span>
  );
}

/** @jsxImportSource preact */
/**
 * The inspection as the customer reads it: greeting, odometer, advisor and date, a summary of
 * conditions, the recommended work to decide first (each with its price, photos and
 * Approve/Decline), then the whole checklist, damage details, totals and the PDF. The visit page
 * around it names the dealership, the order and the vehicle, the link's life and how to reach the store.
 */
import type { CustomerInspection } from '../../../../../shared/inspections/inspections.js';
import { ITEM_STATUS, type ItemStatus } from '../../../../../shared/inspections/itemStatus.js';
import { attachmentsOf, conditionCounts, decisionTotals } from './figures.js';
import type { Formats } from './format.js';
import { Media } from './Media.js';
import type { Translate } from '../../../visitPage/texts.js';

type PageRecommendation = CustomerInspection['recommendations'][number];

export interface Decisions {
  /** The recommendation whose decision is being saved; every decision button waits meanwhile. */
  saving: string | null;
  /** Per recommendation, the text key of its last failed decision. */
  failed: Readonly<Record<string, string>>;
  choose(recommendation: PageRecommendation, approved: boolean): void;
}

export interface PdfLink {
  href: string;
  state: 'idle' | 'preparing' | 'failed';
  open(event: MouseEvent): void;
}

interface ViewProps {
  inspection: CustomerInspection;
  t: Translate;
  formats: Formats;
  decisions: Decisions;
  pdf: PdfLink;
}

const CONDITION: Record<ItemStatus, 'red' | 'yellow' | 'green' | 'na'> = {
  [ITEM_STATUS.RED]: 'red',
  [ITEM_STATUS.YELLOW]: 'yellow',
  [ITEM_STATUS.GREEN]: 'green',
  [ITEM_STATUS.NA]: 'na',
};

export function InspectionView({ inspection, t, formats, decisions, pdf }: ViewProps) {
  const counts = conditionCounts(inspection.groups);
  const totals = decisionTotals(inspection.recommendations);
  return (
    <div class="inspection-body">
      <section class="card intro" aria-labelledby="inspection-title">
        <h2 id="inspection-title">{t('title')}</h2>
        {inspection.form_name.trim() ? <p class="form-name">{inspection.form_name}</p> : null}
        {inspection.header.trim() ? <p class="header-text">{inspection.header}</p> : null}
        <p class="greeting">{inspection.customer_first_name.trim() ? t('greeting', { name: inspection.customer_first_name.trim() }) : t('greeting_anonymous')}</p>
        <p>{t('intro')}</p>
        <dl class="facts">
          {inspection.vehicle.mileage !== null ? (
            <div>
              <dt>{t(`mileage_${formats.distance}`)}</dt>
              <dd>{formats.number(inspection.vehicle.mileage)}</dd>
            </div>
          ) : null}
          {inspection.advisor ? (
            <div>
              <dt>{t('advisor')}</dt>
              <dd>{inspection.advisor.name}</dd>
            </div>
          ) : null}
          {inspection.completed_at ? (
            <div>
              <dt>{t('inspected_on')}</dt>
              <dd>{formats.date(inspection.completed_at)}</dd>
            </div>
          ) : null}
        </dl>
        <ul class="summary" aria-label={t('summary')}>
          <li class="red">
            <span class="mark" aria-hidden="true" />
            {t('summary_red', { count: counts.red })}
          </li>
          <li class="yellow">
            <span class="mark" aria-hidden="true" />
            {t('summary_yellow', { count: counts.yellow })}
          </li>
          <li class="green">
            <span class="mark" aria-hidden="true" />
            {t('summary_green', { count: counts.green })}
          </li>
        </ul>
      </section>

      <section class="card recommendations" aria-labelledby="recommendations-title">
        <h3 id="recommendations-title">{t('recommendations')}</h3>
        {inspection.recommendations.length === 0 ? (
          <p>{t('no_recommendations')}</p>
        ) : (
          <>
            <p class="pending" aria-live="polite">
              {totals.undecided > 0
                ? t('pending', { count: totals.undecided })
                : // The store's closing words once all is decided: after a yes to any work, or after a no to all of it.
                  (inspection.recommendations.some((r) => r.approved) ? inspection.answers.outro_positive : inspection.answers.outro_negative) || t('all_decided')}
            </p>
            {inspection.recommendations.map((recommendation) => (
              <RecommendationCard key={recommendation.id} recommendation={recommendation} inspection={inspection} t={t} formats={formats} decisions={decisions} />
            ))}
          </>
        )}
      </section>

      <section class="card totals" aria-labelledby="totals-title">
        <h3 id="totals-title">{t('totals')}</h3>
        <dl>
          <div>
            <dt>{t('total_approved')}</dt>
            <dd data-testid="inspection-total">{formats.money(totals.approved_cents)}</dd>
          </div>
          <div>
            <dt>{t('total_recommended')}</dt>
            <dd>{formats.money(totals.recommended_cents)}</dd>
          </div>
        </dl>
        <p>
          <a class="pdf" data-testid="inspection-pdf" href={pdf.href} onClick={pdf.open} aria-busy={pdf.state === 'preparing'}>
            {t(pdf.state === 'preparing' ? 'pdf_preparing' : 'pdf')}
          </a>
        </p>
        {pdf.state === 'failed' ? (
          <p class="failure" role="alert">
            {t('pdf_failed')}
          </p>
        ) : null}
      </section>

      <section class="card checklist" aria-labelledby="checklist-title">
        <h3 id="checklist-title">{t('checklist')}</h3>
        {inspection.groups.map((group) => (
          <section class="group" key={group.name} aria-label={group.name}>
            <h4>{group.name}</h4>
            <ul>
              {group.items.map((item) => {
                const condition = item.dmg === null ? 'unset' : CONDITION[item.dmg];
                return (
                  <li class={`item ${condition}`} key={item.name}>
                    <span class="mark" aria-hidden="true" />
                    <div>
                      <span class="item-name">{item.name}</span> <span class="condition">{t(`condition_${condition}`)}</span>
                      {item.comment.trim() ? <p class="comment">{item.comment}</p> : null}
                      <Media attachments={attachmentsOf(inspection.attachments, group.name, item.name)} t={t} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </section>

      {inspection.damage_details.comment.trim() ? (
        <section class="card damage" aria-labelledby="damage-title">
          <h3 id="damage-title">{t('damage_details')}</h3>
          <p class="comment">{inspection.damage_details.comment}</p>
        </section>
      ) : null}

    </div>
  );
}

function RecommendationCard({
  recommendation,
  inspection,
  t,
  formats,
  decisions,
}: {
  recommendation: PageRecommendation;
  inspection: CustomerInspection;
  t: Translate;
  formats: Formats;
  decisions: Decisions;
}) {
  const saving = decisions.saving === recommendation.id;
  const waiting = decisions.saving !== null;
  const failed = decisions.failed[recommendation.id];
  const state = recommendation.approved === true ? 'approved' : recommendation.approved === false ? 'declined' : 'undecided';
  return (
    <article
      class={`recommendation ${state}`}
      data-testid="inspection-recommendation"
      data-recommendation-id={recommendation.id}
      data-approved={String(recommendation.approved)}
      aria-busy={saving}
    >
      <h4>{recommendation.item}</h4>
      <p class="group-name">{recommendation.group}</p>
      {recommendation.comment.trim() ? <p class="comment">{recommendation.comment}</p> : null}
      <p class="price">
        {t('price')} <strong>{formats.money(recommendation.est_cost_in_cents)}</strong>
      </p>
      <Media attachments={attachmentsOf(inspection.attachments, recommendation.group, recommendation.item)} t={t} />
      <p class="decision" role="status">
        {saving
          ? t('saving')
          : recommendation.approved === null
            ? t('undecided')
            : [t(recommendation.approved ? 'approved' : 'declined'), recommendation.decided_at ? formats.date(recommendation.decided_at) : ''].filter(Boolean).join(' · ')}
      </p>
      <div class="actions">
        <button
          type="button"
          class="approve"
          data-testid="inspection-approve"
          aria-pressed={recommendation.approved === true}
          disabled={waiting}
          onClick={() => decisions.choose(recommendation, true)}
        >
          {inspection.answers.yes ?? t('approve')}
        </button>
        <button
          type="button"
          class="decline"
          data-testid="inspection-decline"
          aria-pressed={recommendation.approved === false}
          disabled={waiting}
          onClick={() => decisions.choose(recommendation, false)}
        >
          {inspection.answers.no ?? t('decline')}
        </button>
      </div>
      {failed ? (
        <p class="failure" role="alert">
          {t(failed)}
        </p>
      ) : null}
    </article>
  );
}

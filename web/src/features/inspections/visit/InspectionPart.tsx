/** @jsxImportSource preact */
/**
 * The inspection on the customer's visit page (kind `inspection`, web/src/visitPage/parts.ts): what
 * the inspection page showed (the sheet, the recommended work with Approve/Decline, the PDF), in the
 * page's language. A decided recommendation flips only after the customer confirms; a decision that
 * was not saved says so and stays as it was.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CustomerInspection } from '../../../../../shared/inspections/inspections.js';
import { actionFailureKey } from '../../../visitPage/api.js';
import { formatsFor } from './format.js';
import type { VisitPartProps } from '../../../visitPage/part.js';
import { asPageLocale, pageLocale, storedChoice } from '../../../visitPage/texts.js';
import { useTexts } from '../../../visitPage/useTexts.js';
import type { ChangeDecision } from './ChangeDecision.js';
import { InspectionView, type Decisions, type PdfLink } from './InspectionView.js';
import { READY_MARK } from './marks.js';
import { loadInspectionTexts } from './words.js';
import './inspection.css';

type PageRecommendation = CustomerInspection['recommendations'][number];

// The words of the likely language start with the view's chunk (the link's anchor loads it at
// once), not after the visit answers: on a slow phone that saves a round trip.
loadInspectionTexts(pageLocale({ chosen: storedChoice(), answered: null, browser: navigator.languages?.length ? navigator.languages : [navigator.language] })).catch(() => undefined);

export default function InspectionPart({ data, locale: partLocale, act }: VisitPartProps<CustomerInspection>) {
  const locale = asPageLocale(partLocale);
  const { t, failed: textsFailed, retry } = useTexts(loadInspectionTexts, locale);
  const [saving, setSaving] = useState<string | null>(null);
  const [failed, setFailed] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ recommendation: PageRecommendation; approved: boolean } | null>(null);
  // The "change your decision?" dialog is its own chunk: most customers decide once and never load it.
  const [Dialog, setDialog] = useState<typeof ChangeDecision | null>(null);
  const [pdfState, setPdfState] = useState<PdfLink['state'] | 'open'>('idle');
  // Intl formatters are costly to build on a slow phone: once per language and currency.
  const formats = useMemo(() => formatsFor(locale, data.currency_locale), [locale, data.currency_locale]);

  useEffect(() => {
    // User Timing mark of the first time the inspection is on screen (the bench reads it: bench/customerPage.ts).
    if (t && performance.getEntriesByName(READY_MARK).length === 0) performance.mark(READY_MARK);
  }, [t]);

  useEffect(() => {
    // The PDF action answered the part with a freshly signed address: open it.
    if (pdfState !== 'open') return;
    setPdfState('idle');
    if (data.pdf_url) window.location.assign(data.pdf_url);
  }, [pdfState, data.pdf_url]);

  if (!t) {
    return textsFailed ? (
      <div class="part-failed">
        <button type="button" class="retry" onClick={retry}>
          ↻
        </button>
      </div>
    ) : (
      <div class="skeleton card" />
    );
  }

  const submit = (recommendation: PageRecommendation, approved: boolean) => {
    setSaving(recommendation.id);
    setFailed(({ [recommendation.id]: _gone, ...rest }) => rest);
    act('decide', { recommendation_id: recommendation.id, approved })
      .catch((failure: unknown) => {
        // Nothing is lost: the decision stays as it was on screen and can be tried again.
        setFailed((was) => ({ ...was, [recommendation.id]: actionFailureKey(failure) }));
      })
      .finally(() => setSaving(null));
  };

  const decisions: Decisions = {
    saving,
    failed,
    choose(recommendation, approved) {
      if (saving !== null || recommendation.approved === approved) return;
      if (recommendation.approved === null) submit(recommendation, approved);
      else {
        setConfirming({ recommendation, approved });
        import('./ChangeDecision.js').then(
          (module) => setDialog(() => module.ChangeDecision),
          (failure: unknown) => {
            // The decision stays as it was, and the card says it was not changed.
            setConfirming(null);
            setFailed((was) => ({ ...was, [recommendation.id]: actionFailureKey(failure) }));
          },
        );
      }
    },
  };

  const pdf: PdfLink = {
    href: data.pdf_url ?? '#inspection',
    state: pdfState === 'open' ? 'preparing' : pdfState,
    open(event) {
      // Signed addresses expire and the page may have been open for hours: ask for a fresh one.
      event.preventDefault();
      if (pdfState === 'preparing') return;
      setPdfState('preparing');
      act('pdf').then(
        () => setPdfState('open'),
        () => setPdfState('failed'),
      );
    },
  };

  return (
    <div class="inspection" data-testid="inspection-page" data-state="ready">
      <InspectionView inspection={data} t={t} formats={formats} decisions={decisions} pdf={pdf} />
      {confirming && Dialog ? (
        <Dialog
          item={confirming.recommendation.item}
          price={formats.money(confirming.recommendation.est_cost_in_cents)}
          approved={confirming.approved}
          t={t}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const { recommendation, approved } = confirming;
            setConfirming(null);
            submit(recommendation, approved);
          }}
        />
      ) : null}
    </div>
  );
}

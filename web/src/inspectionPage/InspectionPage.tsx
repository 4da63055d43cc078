/** @jsxImportSource preact */
/**
 * The customer's inspection page (/app/public/inspections/{token}): loads the inspection and the
 * words of its language, shows it, and saves each Approve/Decline. States (data-state on the
 * page): loading, ready, expired (410), not-found (404), error (network or server, with retry).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CustomerInspection } from '../../../shared/inspections/inspections.js';
import { intlTag } from '../../../shared/locales.js';
import { decideRecommendation, decisionFailureKey, failureStateOf, fetchInspection, fetchPdfUrl, type FailureState } from './api.js';
import { ChangeDecision } from './ChangeDecision.js';
import { brandColours } from './figures.js';
import { READY_MARK } from './marks.js';
import { screenOf } from './screen.js';
import { formatsFor, safeUrl, telUrl, type Formats } from './format.js';
import { DealershipBar, InspectionView, type Decisions, type PdfLink } from './InspectionView.js';
import {
  LANGUAGE_NAMES,
  PAGE_LOCALES,
  loadTexts,
  pageLocale,
  storeChoice,
  storedChoice,
  translator,
  isPageLocale,
  type PageLocale,
  type Texts,
  type Translate,
} from './texts.js';

type PageRecommendation = CustomerInspection['recommendations'][number];
type Load = { state: 'loading' } | { state: 'ready'; inspection: CustomerInspection } | { state: FailureState };

export interface InspectionPageProps {
  token: string | null;
  /** The first load, started before the page rendered (main.ts), so it runs while the code starts up. */
  firstLoad: Promise<CustomerInspection>;
  browserLanguages: readonly string[];
}

export function InspectionPage({ token, firstLoad, browserLanguages }: InspectionPageProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<string | null>(() => storedChoice());
  const [texts, setTexts] = useState<{ locale: PageLocale; texts: Texts } | null>(null);
  const [textsFailed, setTextsFailed] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const [failed, setFailed] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ recommendation: PageRecommendation; approved: boolean } | null>(null);
  const [pdfState, setPdfState] = useState<PdfLink['state']>('idle');
  /** Once the page was shown in the right language, a language switch keeps it on screen until the new words arrive. */
  const shown = useRef(false);

  const inspection = load.state === 'ready' ? load.inspection : null;
  const locale = pageLocale({ chosen, answered: inspection?.locale ?? null, browser: browserLanguages });

  useEffect(() => {
    let current = true;
    const loading = attempt === 0 ? firstLoad : token ? fetchInspection(token) : firstLoad;
    if (attempt > 0) setLoad({ state: 'loading' });
    loading.then(
      (answer) => current && setLoad({ state: 'ready', inspection: answer }),
      (failure: unknown) => current && setLoad({ state: failureStateOf(failure) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    let current = true;
    setTextsFailed(false);
    loadTexts(locale).then(
      (loaded) => current && setTexts({ locale, texts: loaded }),
      () => current && setTextsFailed(true),
    );
    return () => {
      current = false;
    };
  }, [locale, attempt]);

  const screen = screenOf({
    load: load.state,
    words: texts === null ? 'none' : texts.locale === locale ? 'page' : 'other',
    wordsFailed: textsFailed,
    shownBefore: shown.current,
  });
  const t: Translate | null = useMemo(() => (texts ? translator(texts.texts, texts.locale) : null), [texts]);

  useEffect(() => {
    document.documentElement.lang = intlTag(texts?.locale ?? locale);
    if (t) document.title = inspection ? `${inspection.dealership.name} · ${t('title')}` : t('title');
  }, [texts, inspection]);

  const ready = screen.kind === 'inspection';
  useEffect(() => {
    // User Timing mark of the first time the inspection is on screen (the bench reads it: bench/customerPage.ts).
    if (ready && performance.getEntriesByName(READY_MARK).length === 0) performance.mark(READY_MARK);
  }, [ready]);

  const retry = () => setAttempt((n) => n + 1);

  if (screen.kind === 'bare-retry') {
    return (
      <div class="page" data-testid="inspection-page" data-state="error">
        <main class="content notice">
          <button type="button" class="retry" onClick={retry}>
            ↻
          </button>
        </main>
      </div>
    );
  }

  if (screen.kind === 'skeleton' || !t) return <Skeleton />;

  if (screen.kind === 'notice' || load.state !== 'ready') {
    const { state, message } = screen.kind === 'notice' ? screen : { state: 'error' as const, message: 'load_failed' as const };
    return (
      <div class="page" data-testid="inspection-page" data-state={state}>
        <header class="brand" />
        <main class="content notice">
          <LanguagePicker locale={locale} t={t} onChange={setChosen} />
          <h1>{t('title')}</h1>
          <p role="alert">{t(message)}</p>
          {state === 'error' ? (
            <button type="button" class="retry" onClick={retry}>
              {t('retry')}
            </button>
          ) : null}
        </main>
      </div>
    );
  }

  shown.current = true;
  const current = load.inspection;
  const formats = formatsOf(texts!.locale, current.currency_locale);
  const colours = brandColours(current.dealership.colour);
  const callUrl = telUrl(current.dealership.phone);
  const website = safeUrl(current.dealership.url);

  const submit = (recommendation: PageRecommendation, approved: boolean) => {
    if (!token) return;
    setSaving(recommendation.id);
    setFailed(({ [recommendation.id]: _gone, ...rest }) => rest);
    decideRecommendation(token, recommendation.id, approved)
      .then((answer) => setLoad({ state: 'ready', inspection: answer }))
      .catch((failure: unknown) => {
        // Nothing is lost: the decision stays as it was on screen and can be tried again.
        setFailed((was) => ({ ...was, [recommendation.id]: decisionFailureKey(failure) }));
      })
      .finally(() => setSaving(null));
  };

  const decisions: Decisions = {
    saving,
    failed,
    choose(recommendation, approved) {
      if (saving !== null || recommendation.approved === approved) return;
      if (recommendation.approved === null) submit(recommendation, approved);
      else setConfirming({ recommendation, approved });
    },
  };

  const pdfHref = current.pdf_url ?? (token ? `/api/public/inspections/${encodeURIComponent(token)}/pdf` : '#');
  const pdf: PdfLink = {
    href: pdfHref,
    state: pdfState,
    open(event) {
      event.preventDefault();
      if (!token || pdfState === 'preparing') return;
      setPdfState('preparing');
      fetchPdfUrl(token).then(
        (url) => {
          setPdfState('idle');
          window.location.assign(url);
        },
        () => setPdfState('failed'),
      );
    },
  };

  return (
    <div class="page" data-testid="inspection-page" data-state="ready" style={{ '--brand': colours.brand, '--on-brand': colours.onBrand }}>
      <DealershipBar dealership={current.dealership} t={t} callUrl={callUrl} />
      <InspectionView
        inspection={current}
        t={t}
        formats={formats}
        decisions={decisions}
        pdf={pdf}
        languagePicker={<LanguagePicker locale={locale} t={t} onChange={setChosen} />}
      />
      <footer class="contact">
        <h2>{t('contact')}</h2>
        <p class="dealer">{current.dealership.name}</p>
        {callUrl ? (
          <p>
            <a href={callUrl}>{current.dealership.phone_display}</a>
          </p>
        ) : null}
        {website ? (
          <p>
            <a href={website} target="_blank" rel="noopener">
              {t('website')}
            </a>
          </p>
        ) : null}
      </footer>
      {confirming ? (
        <ChangeDecision
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

const formatCache = new Map<string, Formats>();

/** Intl formatters are costly to build on a slow phone: one set per language and currency, reused across renders. */
function formatsOf(locale: PageLocale, currencyLocale: string): Formats {
  const key = `${locale}|${currencyLocale}`;
  let formats = formatCache.get(key);
  if (!formats) {
    formats = formatsFor(locale, currencyLocale);
    formatCache.set(key, formats);
  }
  return formats;
}

function LanguagePicker({ locale, t, onChange }: { locale: PageLocale; t: Translate; onChange(locale: PageLocale): void }) {
  return (
    <label class="language">
      <span>{t('language')}</span>
      <select
        value={locale}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (!isPageLocale(value)) return;
          storeChoice(value);
          onChange(value);
        }}
      >
        {PAGE_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The loading skeleton: the shape of the page in grey, the same as inspection.html shows before any code runs. */
function Skeleton() {
  return (
    <div class="page" data-testid="inspection-page" data-state="loading" aria-busy="true">
      <header class="brand" />
      <main class="content">
        <div class="skeleton title" />
        <div class="skeleton line" />
        <div class="skeleton line short" />
        <div class="skeleton card" />
        <div class="skeleton card" />
      </main>
    </div>
  );
}

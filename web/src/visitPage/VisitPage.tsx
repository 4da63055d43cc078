/** @jsxImportSource preact */
/**
 * The customer's visit page (/app/public/visits/{token}): loads the visit and the words of its
 * language, shows the dealership's header on its landing branding, the order, and one section per
 * part the visit has (each part's view is its own chunk, web/src/visitPage/parts.ts). States
 * (data-state on the page): loading, ready, expired (410), not-found (404), error (with retry).
 * A part whose view fails to load says so in its own section; the others stand.
 */
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { intlTag, type Locale } from '../../../shared/locales.js';
import type { VisitPage, VisitPartPayload } from '../../../shared/visits/page.js';
import { actOnPart, failureStateOf, type FailureState } from './api.js';
import { brandColours } from './brand.js';
import { longDate, safeUrl, telUrl } from './format.js';
import type { VisitPartProps } from './part.js';
import { viewOf } from './parts.js';
import { screenOf } from './screen.js';
import { LANGUAGE_NAMES, PAGE_LOCALES, isPageLocale, pageLocale, storeChoice, storedChoice, translator, type PageLocale, type Texts, type Translate } from './texts.js';
import { loadPageTexts } from './words.js';

/** User Timing mark set the first time the visit's header is on screen (each part marks its own content). */
export const VISIT_READY_MARK = 'visit-ready';

export interface FirstLoad {
  token: string;
  visit: VisitPage;
}

type Load = { state: 'loading' } | ({ state: 'ready' } & FirstLoad) | { state: FailureState };

export interface VisitPageProps {
  /** The first load, started before the page rendered (main.ts), so it runs while the code starts up. */
  firstLoad: Promise<FirstLoad>;
  /** Loads the visit again (the retry after a failure). */
  reload: () => Promise<FirstLoad>;
  browserLanguages: readonly string[];
  /** The part the link is about (`#inspection`): scrolled to and focused once it is on screen. */
  anchor: string;
}

export function VisitPageView({ firstLoad, reload, browserLanguages, anchor }: VisitPageProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<string | null>(() => storedChoice());
  const [texts, setTexts] = useState<{ locale: PageLocale; texts: Texts } | null>(null);
  const [textsFailed, setTextsFailed] = useState(false);
  /** Once the page was shown in the right language, a language switch keeps it on screen until the new words arrive. */
  const shown = useRef(false);

  const visit = load.state === 'ready' ? load.visit : null;
  const locale = pageLocale({ chosen, answered: visit?.locale ?? null, browser: browserLanguages });

  useEffect(() => {
    let current = true;
    if (attempt > 0) setLoad({ state: 'loading' });
    (attempt === 0 ? firstLoad : reload()).then(
      (answer) => current && setLoad({ state: 'ready', ...answer }),
      (failure: unknown) => current && setLoad({ state: failureStateOf(failure) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    let current = true;
    setTextsFailed(false);
    loadPageTexts(locale).then(
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
    if (t) document.title = visit ? `${visit.dealership} · ${t('title')}` : t('title');
  }, [texts, visit]);

  const ready = screen.kind === 'visit';
  useEffect(() => {
    if (ready && performance.getEntriesByName(VISIT_READY_MARK).length === 0) performance.mark(VISIT_READY_MARK);
  }, [ready]);

  const retry = () => setAttempt((n) => n + 1);

  if (screen.kind === 'bare-retry') {
    return (
      <div class="page" data-testid="visit-page" data-state="error">
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
      <div class="page" data-testid="visit-page" data-state={state}>
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
  const { token, visit: current } = load;
  const colours = brandColours(current.branding.colour);
  const callUrl = telUrl(current.phone);
  const brandLink = safeUrl(current.branding.link);
  const setPart = (kind: string, next: VisitPartPayload | null) =>
    setLoad((was) => {
      if (was.state !== 'ready') return was;
      const parts = next ? was.visit.parts.map((p) => (p.kind === kind ? next : p)) : was.visit.parts.filter((p) => p.kind !== kind);
      return { ...was, visit: { ...was.visit, parts } };
    });
  const shownParts = current.parts.filter((part) => viewOf(part.kind));

  return (
    <div class="page" data-testid="visit-page" data-state="ready" style={{ '--brand': colours.brand, '--on-brand': colours.onBrand }}>
      <header class="brand">
        <div class="brand-name" data-testid="visit-dealership">
          {current.branding.logo_url ? <img class="logo" src={current.branding.logo_url} alt="" height={40} /> : null}
          <span>{current.dealership}</span>
        </div>
        {shownParts.map((part) =>
          part.shortcut ? (
            <a key={part.kind} class="call" href={`#${part.kind}`}>
              {part.shortcut}
            </a>
          ) : null,
        )}
        {callUrl ? (
          <a class="call" href={callUrl}>
            {t('call')}
          </a>
        ) : null}
      </header>
      {current.branding.header_image_url ? <img class="header-image" src={current.branding.header_image_url} alt="" /> : null}
      <main class="content">
        <LanguagePicker locale={locale} t={t} onChange={setChosen} />
        <section class="visit" aria-labelledby="visit-title">
          <h1 id="visit-title">{t('title')}</h1>
          {current.branding.text ? <p class="branding-text">{brandLink ? <a href={brandLink} target="_blank" rel="noopener">{current.branding.text}</a> : current.branding.text}</p> : null}
          <dl class="facts">
            <div>
              <dt>{t('repair_order')}</dt>
              <dd data-testid="visit-order">{current.order.number}</dd>
            </div>
            {current.order.vehicle ? (
              <div>
                <dt>{t('vehicle')}</dt>
                <dd>{current.order.vehicle}</dd>
              </div>
            ) : null}
          </dl>
          {current.branding.intro ? <p class="branding-intro">{current.branding.intro}</p> : null}
          {current.branding.body ? <p class="branding-body">{current.branding.body}</p> : null}
          {shownParts.length === 0 ? <p data-testid="visit-nothing">{t('nothing_yet')}</p> : null}
        </section>
        {shownParts.map((part) => (
          <PartSlot
            key={part.kind}
            part={part}
            token={token}
            locale={texts!.locale}
            storeLocale={current.store_locale}
            dealership={current.dealership}
            focus={anchor === part.kind}
            t={t}
            onChange={setPart}
          />
        ))}
      </main>
      <footer class="contact">
        <h2>{t('contact')}</h2>
        <p class="dealer">{current.dealership}</p>
        {callUrl ? (
          <p>
            <a href={callUrl}>{current.phone_display || current.phone}</a>
          </p>
        ) : null}
        {current.branding.footer ? <p class="branding-footer">{current.branding.footer}</p> : null}
        {current.branding.disclaimer ? <p class="disclaimer">{current.branding.disclaimer}</p> : null}
        <p class="expiry">{t('link_valid_until', { date: longDate(texts!.locale, current.valid_until) })}</p>
      </footer>
    </div>
  );
}

type PartView = ComponentType<VisitPartProps<never>>;

interface PartSlotProps {
  part: VisitPartPayload;
  token: string;
  locale: PageLocale;
  storeLocale: Locale;
  dealership: string;
  focus: boolean;
  t: Translate;
  onChange(kind: string, next: VisitPartPayload | null): void;
}

/** One part's section (its anchor): its view once its chunk arrives, or a notice and a retry when it does not. */
function PartSlot({ part, token, locale, storeLocale, dealership, focus, t, onChange }: PartSlotProps) {
  const [view, setView] = useState<{ View: PartView } | 'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const section = useRef<HTMLElement>(null);
  const focused = useRef(false);

  useEffect(() => {
    let current = true;
    setView('loading');
    viewOf(part.kind)!
      .load()
      .then(
        (module) => current && setView({ View: module.default }),
        () => current && setView('failed'),
      );
    return () => {
      current = false;
    };
  }, [part.kind, attempt]);

  useEffect(() => {
    // The link's anchor: the part the text was about, brought into view once it is there.
    if (!focus || focused.current || typeof view !== 'object' || !section.current) return;
    focused.current = true;
    section.current.scrollIntoView({ block: 'start' });
    section.current.focus({ preventScroll: true });
  }, [view, focus]);

  const act = async (action: string, body?: unknown) => onChange(part.kind, await actOnPart(token, part.kind, action, body));

  return (
    <section id={part.kind} class="part" data-part={part.kind} tabIndex={-1} ref={section} aria-busy={view === 'loading'}>
      {typeof view === 'object' ? (
        <view.View data={part.data as never} locale={locale} storeLocale={storeLocale} dealership={dealership} act={act} />
      ) : view === 'failed' ? (
        <div class="part-failed">
          <p role="alert">{t('part_failed')}</p>
          <button type="button" class="retry" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <div class="skeleton card" />
      )}
    </section>
  );
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

/** The loading skeleton: the shape of the page in grey, the same as visit.html shows before any code runs. */
function Skeleton() {
  return (
    <div class="page" data-testid="visit-page" data-state="loading" aria-busy="true">
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

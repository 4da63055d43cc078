/**
 * The customer's visit page and its inspection part, their pure parts: which language the page
 * shows and how its words and the part's are loaded and chosen, how a failed load maps to the
 * page's state, which link a path is, the totals and counts the inspection shows, and how the page
 * writes money and links.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MPI_ERRORS, type CustomerInspection, type SheetGroup } from '../../shared/inspections/inspections.js';
import { intlTag } from '../../shared/locales.js';
import { VisitCallFailed, actOnPart, actionFailureKey, failureStateOf, fetchVisit, linkOfPath, visitLinkOf } from '../../web/src/visitPage/api.js';
import { attachmentsOf, conditionCounts, decisionTotals } from '../../web/src/features/inspections/visit/figures.js';
import { loadInspectionTexts } from '../../web/src/features/inspections/visit/words.js';
import { brandColours } from '../../web/src/visitPage/brand.js';
import { screenOf } from '../../web/src/visitPage/screen.js';
import { formatsFor } from '../../web/src/features/inspections/visit/format.js';
import { longDate, safeUrl, telUrl } from '../../web/src/visitPage/format.js';
import { PAGE_LOCALES, localeOfBrowserTag, pageLocale, translator, type PageLocale } from '../../web/src/visitPage/texts.js';
import { loadPageTexts } from '../../web/src/visitPage/words.js';

const localesDir = fileURLToPath(new URL('../../web/src/features/inspections/visit/locales/', import.meta.url));
const pageLocalesDir = fileURLToPath(new URL('../../web/src/visitPage/locales/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function readTexts(locale: PageLocale, dir = localesDir): Record<string, string> {
  return JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8')) as Record<string, string>;
}

type PageRecommendation = CustomerInspection['recommendations'][number];
type PageAttachment = CustomerInspection['attachments'][number];

function aRecommendation(id: string, cents: number, approved: boolean | null, item = 'Front brake pads'): PageRecommendation {
  return { id, group: 'Brakes', item, est_cost_in_cents: cents, comment: '', approved, decided_at: approved === null ? null : '2026-11-20T10:00:00.000Z' };
}

function anAttachment(id: string, group: string, item: string): PageAttachment {
  return {
    id,
    group,
    item,
    name: `${id}.jpg`,
    content_type: 'image/jpeg',
    size: 1000,
    kind: 'photo',
    created_at: '2026-11-20T10:00:00.000Z',
    metadata: { orig: `https://s3/${id}`, small: `https://s3/${id}-small`, thumb: `https://s3/${id}-thumb` },
  };
}

describe('pageLocale (which language the page shows)', () => {
  it("shows the customer's own pick over everything else", () => {
    expect(pageLocale({ chosen: 'sv', answered: 'de', browser: ['fr-FR'] })).toBe('sv');
  });

  it('shows the language the dealership answers in when the customer picked none', () => {
    expect(pageLocale({ chosen: null, answered: 'en-gb', browser: ['fr-FR'] })).toBe('en-gb');
  });

  it("falls back to the phone's language while loading or when the answer is not a page language", () => {
    expect(pageLocale({ chosen: null, answered: null, browser: ['pt-BR', 'en-US'] })).toBe('pt');
    expect(pageLocale({ chosen: 'debug', answered: 'debug', browser: ['el-GR'] })).toBe('el');
    expect(pageLocale({ chosen: null, answered: 'EN-CA', browser: [] })).toBe('en-ca');
  });

  it('shows US English when nothing else is known or offered', () => {
    expect(pageLocale({ chosen: null, answered: null, browser: ['ja-JP', 'zh'] })).toBe('en-us');
  });

  it("reads the phone's regional English", () => {
    expect(localeOfBrowserTag('en-GB')).toBe('en-gb');
    expect(localeOfBrowserTag('en-CA')).toBe('en-ca');
    expect(localeOfBrowserTag('en-AU')).toBe('en-us');
    expect(localeOfBrowserTag('de-AT')).toBe('de');
    expect(localeOfBrowserTag('nl-NL')).toBeNull();
  });
});

describe("the visit page's own locale files", () => {
  const english = readTexts('en-us', pageLocalesDir);

  it('exist for the 11 languages and nothing else', () => {
    const files = readdirSync(pageLocalesDir).map((f) => f.replace(/\.json$/, '')).sort();
    expect(files).toEqual([...PAGE_LOCALES].sort());
  });

  it.each(PAGE_LOCALES)('%s has every key of en-us, each non-empty with its placeholders, and loads as its own chunk', async (locale) => {
    const texts = readTexts(locale, pageLocalesDir);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    const markers = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of Object.entries(texts)) expect({ key, filled: value.trim().length > 0, markers: markers(value) }).toEqual({ key, filled: true, markers: markers(english[key]!) });
    expect(await loadPageTexts(locale)).toEqual(texts);
  });
});

describe("the inspection part's locale files", () => {
  const english = readTexts('en-us');
  const baseKeys = (texts: Record<string, string>) => [...new Set(Object.keys(texts).map((k) => k.replace(PLURAL, '')))].sort();

  it('exist for the 11 languages and nothing else', () => {
    const files = readdirSync(localesDir).map((f) => f.replace(/\.json$/, '')).sort();
    expect(files).toEqual([...PAGE_LOCALES].sort());
  });

  describe.each(PAGE_LOCALES)('%s', (locale) => {
    const texts = readTexts(locale);

    it('has every key of en-us, each text non-empty and with the placeholders of en-us', () => {
      expect(baseKeys(texts)).toEqual(baseKeys(english));
      for (const [key, value] of Object.entries(texts)) {
        const reference = english[key] ?? english[`${key.replace(PLURAL, '')}_other`]!;
        const markers = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect({ key, filled: value.trim().length > 0, markers: markers(value) }).toEqual({ key, filled: true, markers: markers(reference) });
      }
    });

    it('has exactly the plural forms its language uses', () => {
      const categories = new Intl.PluralRules(intlTag(locale)).resolvedOptions().pluralCategories.slice().sort();
      const forms = Object.keys(texts).filter((k) => k.startsWith('summary_red_')).map((k) => k.replace('summary_red_', '')).sort();
      expect(forms).toEqual(categories);
    });

    it(locale === 'en-gb' || locale === 'en-uk' ? 'calls it a Vehicle Health Check' : 'calls it a multi-point inspection, never a Vehicle Health Check', () => {
      const all = Object.values(texts).join('\n');
      if (locale === 'en-gb' || locale === 'en-uk') {
        expect(texts.title).toBe('Vehicle Health Check');
        expect(all).not.toMatch(/multi-point|\bMPI\b/i);
      } else {
        expect(all).not.toMatch(/Vehicle Health Check|\bVHC\b/);
      }
    });

    it('loads as its own chunk, with the same words as the file', async () => {
      expect(await loadInspectionTexts(locale)).toEqual(texts);
    });
  });

  it('keeps the link refusals of the API word for word in US English', () => {
    expect(english.link_expired).toBe(MPI_ERRORS.link_expired);
    expect(english.link_not_found).toBe(MPI_ERRORS.link_not_found);
  });
});

describe('translator', () => {
  it("picks the plural form of the count in the page's language and fills placeholders", () => {
    const t = translator(readTexts('fr'), 'fr');
    expect(t('summary_red', { count: 0 })).toBe('0 point demande une attention immédiate');
    expect(t('summary_red', { count: 3 })).toBe('3 points demandent une attention immédiate');
    const en = translator(readTexts('en-us'), 'en-us');
    expect(en('summary_green', { count: 1 })).toBe('1 item checked and OK');
    expect(en('greeting', { name: 'Dana' })).toBe('Hello Dana,');
  });

  it('shows a missing key as itself rather than nothing', () => {
    expect(translator({}, 'en-us')('no_such_text')).toBe('no_such_text');
  });
});

describe('failureStateOf (the page state of a failed load)', () => {
  it('shows an expired link for 410 or link_expired', () => {
    expect(failureStateOf(new VisitCallFailed(410, 'link_expired', MPI_ERRORS.link_expired))).toBe('expired');
    expect(failureStateOf(new VisitCallFailed(410, null, 'Gone'))).toBe('expired');
  });

  it('shows an invalid link for 404 or link_not_found', () => {
    expect(failureStateOf(new VisitCallFailed(404, 'link_not_found', MPI_ERRORS.link_not_found))).toBe('not-found');
    expect(failureStateOf(new VisitCallFailed(404, null, 'Not found'))).toBe('not-found');
  });

  it('offers a retry for the network, server errors and anything unexpected', () => {
    expect(failureStateOf(new VisitCallFailed(0, null, 'Failed to fetch'))).toBe('error');
    expect(failureStateOf(new VisitCallFailed(503, null, 'HTTP 503'))).toBe('error');
    expect(failureStateOf(new TypeError('boom'))).toBe('error');
  });
});

describe('screenOf (which screen the page shows)', () => {
  it('shows the skeleton until both the visit and the words of its language are in', () => {
    expect(screenOf({ load: 'loading', words: 'page', wordsFailed: false, shownBefore: false })).toEqual({ kind: 'skeleton' });
    expect(screenOf({ load: 'ready', words: 'none', wordsFailed: false, shownBefore: false })).toEqual({ kind: 'skeleton' });
    // The phone's language came first, the visit answered another: wait for those words.
    expect(screenOf({ load: 'ready', words: 'other', wordsFailed: false, shownBefore: false })).toEqual({ kind: 'skeleton' });
    expect(screenOf({ load: 'ready', words: 'page', wordsFailed: false, shownBefore: false })).toEqual({ kind: 'visit' });
  });

  it('shows each refused or failed load with its own text', () => {
    expect(screenOf({ load: 'expired', words: 'page', wordsFailed: false, shownBefore: false })).toEqual({ kind: 'notice', state: 'expired', message: 'link_expired' });
    expect(screenOf({ load: 'not-found', words: 'page', wordsFailed: false, shownBefore: false })).toEqual({
      kind: 'notice',
      state: 'not-found',
      message: 'link_not_found',
    });
    expect(screenOf({ load: 'error', words: 'page', wordsFailed: false, shownBefore: false })).toEqual({ kind: 'notice', state: 'error', message: 'load_failed' });
  });

  it("keeps the visit on screen in the old words while a newly picked language's words load or fail", () => {
    expect(screenOf({ load: 'ready', words: 'other', wordsFailed: false, shownBefore: true })).toEqual({ kind: 'visit' });
    expect(screenOf({ load: 'ready', words: 'other', wordsFailed: true, shownBefore: true })).toEqual({ kind: 'visit' });
  });

  it("offers a retry when the words of the page's language cannot be loaded", () => {
    expect(screenOf({ load: 'ready', words: 'other', wordsFailed: true, shownBefore: false })).toEqual({ kind: 'notice', state: 'error', message: 'load_failed' });
    expect(screenOf({ load: 'expired', words: 'other', wordsFailed: true, shownBefore: false })).toMatchObject({ state: 'expired' });
    expect(screenOf({ load: 'ready', words: 'none', wordsFailed: true, shownBefore: false })).toEqual({ kind: 'bare-retry' });
  });
});

describe('actionFailureKey (what a customer reads when a decision was not saved)', () => {
  it('asks for a new link when the link expired or no longer opens the visit', () => {
    expect(actionFailureKey(new VisitCallFailed(410, 'link_expired', MPI_ERRORS.link_expired))).toBe('link_expired');
    expect(actionFailureKey(new VisitCallFailed(404, 'link_not_found', MPI_ERRORS.link_not_found))).toBe('link_not_found');
  });

  it('invites a retry for anything else, a vanished recommendation included', () => {
    expect(actionFailureKey(new VisitCallFailed(404, 'unknown_recommendation', MPI_ERRORS.unknown_recommendation))).toBe('decision_failed');
    expect(actionFailureKey(new VisitCallFailed(0, null, 'Failed to fetch'))).toBe('decision_failed');
    expect(actionFailureKey(new Error('boom'))).toBe('decision_failed');
  });
});

describe('linkOfPath', () => {
  it('reads the token of a visit link, and of the inspection and survey links sent before the visit page', () => {
    expect(linkOfPath('/app/public/visits/Zx_9-Qa')).toEqual({ kind: 'visit', token: 'Zx_9-Qa' });
    expect(linkOfPath('/app/public/visits/Zx_9-Qa/')).toEqual({ kind: 'visit', token: 'Zx_9-Qa' });
    expect(linkOfPath('/app/public/inspections/Zx_9-Qa')).toEqual({ kind: 'inspections', token: 'Zx_9-Qa' });
    expect(linkOfPath('/app/public/surveys/abc')).toEqual({ kind: 'surveys', token: 'abc' });
  });

  it('reads nothing else', () => {
    expect(linkOfPath('/app/public/visits/')).toBeNull();
    expect(linkOfPath('/app/public/payments/abc')).toBeNull();
    expect(linkOfPath('/app/mpi')).toBeNull();
    expect(linkOfPath('/app/public/visits/%E0%A4%A')).toBeNull();
  });
});

describe('the public visit calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("POSTs a part's action with its body and answers the part as the API returns it", async () => {
    const part = { kind: 'inspection', data: { ro_id: 'RO-1' } };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ part }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(actOnPart('tok/1', 'inspection', 'decide', { recommendation_id: 'rec_1', approved: false })).resolves.toEqual(part);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/public/visits/tok%2F1/inspection/decide',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ recommendation_id: 'rec_1', approved: false }) }),
    );
  });

  it("asks an old link's own API for its visit's link", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ visit: { url: 'https://x/app/public/visits/abc#inspection' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(visitLinkOf({ kind: 'inspections', token: 'old' })).resolves.toBe('https://x/app/public/visits/abc#inspection');
    expect(fetchMock).toHaveBeenCalledWith('/api/public/inspections/old/visit', expect.anything());
  });

  it("fails with the API's status and error id", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { id: 'link_expired', message: 'expired' } }), { status: 410 }));
    const failure = await fetchVisit('tok').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VisitCallFailed);
    expect(failure).toMatchObject({ status: 410, errorId: 'link_expired' });
  });

  it('fails with status 0 when the network is down', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(actOnPart('tok', 'inspection', 'pdf')).rejects.toMatchObject({ status: 0, errorId: null });
  });
});

describe('conditionCounts and decisionTotals', () => {
  it('counts items by condition, leaving out NA and unset ones', () => {
    const groups: SheetGroup[] = [
      { name: 'Brakes', items: [{ name: 'Pads', dmg: 2, comment: '' }, { name: 'Discs', dmg: 1, comment: '' }, { name: 'Fluid', dmg: 0, comment: '' }] },
      { name: 'Tyres', items: [{ name: 'Spare', dmg: -1, comment: '' }, { name: 'Front left', dmg: null, comment: '' }, { name: 'Front right', dmg: 0, comment: '' }] },
    ];
    expect(conditionCounts(groups)).toEqual({ red: 1, yellow: 1, green: 2 });
  });

  it('adds only approved work to the approved total and counts what still waits for a decision', () => {
    const totals = decisionTotals([aRecommendation('a', 12_500, true), aRecommendation('b', 4_999, false), aRecommendation('c', 30_000, null), aRecommendation('d', 1, true)]);
    expect(totals).toEqual({ approved_cents: 12_501, recommended_cents: 47_500, undecided: 1 });
  });

  it("finds an item's own photos only", () => {
    const attachments = [anAttachment('p1', 'Brakes', 'Pads'), anAttachment('p2', 'Brakes', 'Discs'), anAttachment('p3', 'Tyres', 'Pads')];
    expect(attachmentsOf(attachments, 'Brakes', 'Pads').map((a) => a.id)).toEqual(['p1']);
  });
});

describe('formats and branding', () => {
  it("writes money in the dealership's currency whatever the page's language", () => {
    expect(formatsFor('de', 'en-us').money(123_456)).toBe('$1,234.56');
    expect(formatsFor('en-us', 'sv').money(9_900)).toBe('99,00 kr');
    // The odometer's unit is the dealership's, not the reader's (issue 18 §6: "Kilometerstand" over a US store's miles).
    expect(formatsFor('de', 'en-us').distance).toBe('mi');
    expect(formatsFor('en-us', 'de').distance).toBe('km');
  });

  it("writes the link's date in the page's language", () => {
    expect(longDate('de', '2026-12-24T12:00:00.000Z')).toBe('24. Dezember 2026');
    expect(longDate('en-us', 'not a date')).toBe('');
  });

  it('links only to http(s) sites and dialable numbers', () => {
    expect(safeUrl('demo-motors.example')).toBe('https://demo-motors.example/');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(telUrl('+1 (617) 555-0100')).toBe('tel:+16175550100');
    expect(telUrl('')).toBeNull();
  });

  it("uses the dealership's colour with a readable text colour, and its own blue for anything else", () => {
    expect(brandColours('#ffd700')).toEqual({ brand: '#ffd700', onBrand: '#111111' });
    expect(brandColours('#002855')).toEqual({ brand: '#002855', onBrand: '#ffffff' });
    expect(brandColours('red; background:url(x)').brand).toBe('#1f4fbf');
  });
});

/**
 * The customer's satisfaction survey page (survey.html): no framework, one API call, in the
 * customer's language; a token opens its own order's survey only. Self-contained so it can move
 * into the visit page later.
 */
import type { PublicSurvey } from '../../../../../shared/csi/surveys.js';
import { fill, wordsFor, type PageWords } from './words.js';
import './survey.css';

const root = document.getElementById('survey')!;
const token = decodeURIComponent(window.location.pathname.split('/public/surveys/')[1]?.split('/')[0] ?? '');
const api = `/api/public/surveys/${encodeURIComponent(token)}`;
const browserWords = () => wordsFor(navigator.language);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { testid?: string } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { testid, ...rest } = props;
  Object.assign(node, rest);
  if (testid) node.dataset.testid = testid;
  node.append(...children);
  return node;
}

function show(state: string, ...children: Node[]): void {
  root.dataset.state = state;
  root.removeAttribute('aria-busy');
  root.replaceChildren(...children);
}

function message(state: string, text: string): void {
  show(state, el('p', { className: 'survey__message', testid: 'survey-message' }, text));
}

function header(survey: PublicSurvey, words: PageWords): Node[] {
  return [el('p', { className: 'survey__dealer' }, survey.dealership), el('h1', {}, words.title), el('p', { className: 'survey__order' }, fill(words.order, { ro: survey.ro_number }))];
}

function thanks(survey: PublicSurvey, words: PageWords): void {
  const parts: Node[] = [...header(survey, words), el('p', { className: 'survey__thanks', testid: 'survey-thanks', role: 'status' }, words.thanks)];
  if (survey.rating !== null) parts.push(el('p', {}, fill(words.rated, { rating: survey.rating })));
  // Offered after every rating, whatever the score (no review gating).
  if (survey.review_link) parts.push(el('p', {}, words.review), el('a', { className: 'survey__button', href: survey.review_link, rel: 'noopener noreferrer', target: '_blank', testid: 'survey-review' }, words.review_link));
  show('answered', ...parts);
}

function form(survey: PublicSurvey, words: PageWords): void {
  const error = el('p', { className: 'survey__error', id: 'survey-error', role: 'alert', testid: 'survey-error' });
  const choices = el('div', { className: 'survey__scale' });
  for (let rating = 0; rating <= 10; rating++) {
    const input = el('input', { type: 'radio', name: 'rating', value: String(rating), id: `rating-${rating}` });
    choices.append(el('label', { className: 'survey__choice', htmlFor: `rating-${rating}` }, input, el('span', {}, String(rating))));
  }
  const legend = el('legend', {}, words.question);
  const scale = el('fieldset', { className: 'survey__fieldset' }, legend, choices, el('p', { className: 'survey__ends' }, el('span', {}, words.low), el('span', {}, words.high)));
  const comment = el('textarea', { id: 'survey-comment', name: 'comment', rows: 4, maxLength: 1000 });
  const send = el('button', { type: 'submit', className: 'survey__button', testid: 'survey-send' }, words.send);
  const formNode = el('form', { noValidate: true }, scale, el('label', { htmlFor: 'survey-comment', className: 'survey__label' }, words.comment), comment, error, send);
  formNode.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = formNode.querySelector<HTMLInputElement>('input[name="rating"]:checked');
    if (!picked) {
      error.textContent = words.pick;
      return;
    }
    send.disabled = true;
    void answer(Number(picked.value), comment.value, words).then(
      (next) => (next ? thanks(next, words) : undefined),
      () => {
        error.textContent = words.failed;
        send.disabled = false;
      },
    );
  });
  show('open', ...header(survey, words), formNode);
}

async function answer(rating: number, comment: string, words: PageWords): Promise<PublicSurvey | null> {
  const res = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rating, comment }) });
  if (res.status === 409) {
    // Answered meanwhile (by text, or another tab): show what stands.
    await start();
    return null;
  }
  if (res.status === 410) {
    message('ended', words.ended);
    return null;
  }
  if (!res.ok) throw new Error(`survey answer: ${res.status}`);
  return ((await res.json()) as { survey: PublicSurvey }).survey;
}

async function start(): Promise<void> {
  const res = await fetch(api);
  if (res.status === 404) return message('invalid', browserWords().words.invalid);
  if (res.status === 410) return message('ended', browserWords().words.ended);
  if (!res.ok) return message('failed', browserWords().words.failed);
  const { survey } = (await res.json()) as { survey: PublicSurvey };
  const { lang, words } = wordsFor(survey.locale);
  document.documentElement.lang = lang;
  document.title = `${words.title} · ${survey.dealership}`;
  if (survey.state === 'answered') thanks(survey, words);
  else if (survey.state === 'expired') message('ended', words.ended);
  else form(survey, words);
}

start().catch(() => message('failed', browserWords().words.failed));

/** @jsxImportSource preact */
/**
 * The survey on the customer's visit page (kind `survey`, web/src/visitPage/parts.ts): while open,
 * the 0–10 question and a comment; once answered, the thanks and the store's review page, offered
 * after every rating (never only after good ones: review platforms and the FTC forbid gating).
 */
import { useState } from 'preact/hooks';
import { COMMENT_MAX, RATING_MAX, RATING_MIN, type VisitSurvey } from '../../../../../shared/csi/surveys.js';
import { VisitCallFailed } from '../../../visitPage/api.js';
import type { VisitPartProps } from '../../../visitPage/part.js';
import { fill, wordsFor, type PageWords } from './words.js';
import './survey.css';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export default function SurveyPart({ data, locale, act }: VisitPartProps<VisitSurvey>) {
  const { words } = wordsFor(locale);
  return (
    <div class="survey" data-testid="survey-part" data-state={data.state}>
      <h2 id="survey-title">{words.title}</h2>
      {data.state === 'answered' ? <Thanks survey={data} words={words} /> : <SurveyForm words={words} act={act} />}
    </div>
  );
}

function Thanks({ survey, words }: { survey: VisitSurvey; words: PageWords }) {
  return (
    <>
      <p class="survey__thanks" data-testid="survey-thanks" role="status">
        {words.thanks}
      </p>
      {survey.rating !== null ? <p>{fill(words.rated, { rating: survey.rating })}</p> : null}
      {survey.review_link ? (
        <>
          <p>{words.review}</p>
          <a class="survey__button" href={survey.review_link} rel="noopener noreferrer" target="_blank" data-testid="survey-review">
            {words.review_link}
          </a>
        </>
      ) : null}
    </>
  );
}

function SurveyForm({ words, act }: { words: PageWords; act: VisitPartProps['act'] }) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = (event: Event) => {
    event.preventDefault();
    if (rating === null) {
      setError(words.pick);
      return;
    }
    setSending(true);
    setError('');
    act('answer', { rating, comment }).catch((failure: unknown) => {
      // Nothing is lost: the rating and comment stay on screen to be sent again.
      setError(failure instanceof VisitCallFailed && failure.status === 410 ? words.ended : words.failed);
      setSending(false);
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="survey-title">
      <fieldset class="survey__fieldset" aria-describedby="survey-ends">
        <legend>{words.question}</legend>
        <div class="survey__scale">
          {RATINGS.map((value) => (
            <label class="survey__choice" key={value}>
              <input type="radio" name="rating" id={`rating-${value}`} value={String(value)} checked={rating === value} onChange={() => setRating(value)} />
              <span>{value}</span>
            </label>
          ))}
        </div>
        <p class="survey__ends" id="survey-ends">
          <span>{words.low}</span>
          <span>{words.high}</span>
        </p>
      </fieldset>
      <label for="survey-comment" class="survey__label">
        {words.comment}
      </label>
      <textarea id="survey-comment" name="comment" rows={4} maxLength={COMMENT_MAX} value={comment} onInput={(event) => setComment(event.currentTarget.value)} />
      <p class="survey__error" role="alert" data-testid="survey-error">
        {error}
      </p>
      <button type="submit" class="survey__button" data-testid="survey-send" disabled={sending}>
        {words.send}
      </button>
    </form>
  );
}

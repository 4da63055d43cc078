import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ConversationAt } from '../../../../shared/routes.js';
import type { SendMessageBody } from '../../../../shared/schemas/messages.js';
import type { Message } from '../../../../shared/messages.js';
import { randomId } from '../../lib/device.js';
import { ComposerTools } from '../../lib/featureParts.js';
import { reportFailure } from '../../lib/failures.js';
import { mayHaveGone } from '../../lib/keyedRequest.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { sendRefusalText, sendWarningText, serverRefusalText } from '../../lib/sendRefusals.js';
import { charactersLeft, composerState, draftProblem, sendsOnKey, type ComposerState, type DraftProblem, type TextingSubject } from './composerRules.js';
import type { ConversationContext } from './conversationContext.js';
import { postMessage, postNote, uploadAttachment } from './conversationRequests.js';
import type { PendingMessage } from './PendingBubble.js';
import { QuietHoursDialog, type Attempt } from './QuietHoursDialog.js';
import { useMentionSuggestions } from './MentionSuggestions.js';
import { quietHoursRefusal } from './QuietHoursQuestion.js';

type Closed = Exclude<ComposerState, { kind: 'open' }>;

/** Stable hooks for the browser tests: one per reason the message bar is not there. */
const NOTICE_TEST_IDS: Partial<Record<Closed['reason'], string>> = {
  opted_out: 'opted-out-notice',
  unknown_in_safe_mode: 'safe-mode-notice',
};

/** `no_advisor` answers `no-advisor-notice`, an owner's own rule alike. */
function noticeTestId(reason: Closed['reason']): string {
  return NOTICE_TEST_IDS[reason] ?? `${reason.replaceAll('_', '-')}-notice`;
}

/** Why there is no message bar, in the agent's language: every reason is a refusal id of the send route (a closed owner in its board's words). */
function noticeText(state: Closed, subject: TextingSubject): string {
  if (state.reason === 'closed' && subject.closedText) return subject.closedText;
  return sendRefusalText(state.reason) ?? state.reason;
}

/** What the composer writes: a text to the customer, or a note only colleagues see. */
export type ComposeMode = 'text' | 'note';

/** Drafts survive switching between conversations (not a reload). */
const drafts = new Map<string, string>();

function sameFiles(a: readonly File[], b: readonly File[]): boolean {
  return a.length === b.length && a.every((file, i) => file === b[i]);
}

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function Composer({
  owner,
  subject,
  context,
  files,
  onFilesChange,
  onQueued,
  onPendingChange,
  onSettled,
  staffNotes = true,
  notesOnly = false,
}: {
  owner: ConversationAt;
  subject: TextingSubject;
  context: ConversationContext;
  files: File[];
  onFilesChange: (files: File[]) => void;
  onQueued: (pending: PendingMessage) => void;
  onPendingChange: (key: string, change: Pick<PendingMessage, 'state' | 'checkAgain'>) => void;
  onSettled: (key: string, message: Message | null) => void;
  /** Whether the agent may write a note to colleagues here (not where everyone in it is staff). */
  staffNotes?: boolean;
  /**
   * The agent writes only notes to colleagues here, through the notes route: one who reads the
   * conversation's notes without working its board (a technician on a repair order's sheet).
   */
  notesOnly?: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const draftKey = `${owner.kind}:${owner.id}`;
  const [text, setTextState] = useState(() => drafts.get(draftKey) ?? '');
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [quiet, setQuiet] = useState<{ attempt: Attempt; nextWindowAt: string | null } | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const [chosenMode, setMode] = useState<ComposeMode>('text');
  // With texting closed, the note box opens on request: the notice says first why no text can go.
  const [noteOpen, setNoteOpen] = useState(false);
  // Read when a send fails, after the composer was emptied for it.
  const currentFiles = useRef(files);
  currentFiles.current = files;
  // Notes reach no customer: the texting rules do not close a notes-only composer.
  const state: ComposerState = notesOnly ? { kind: 'open', warning: null } : composerState(subject, { safeMode: context.safeMode });

  function setText(value: string) {
    setTextState(value);
    if (value) drafts.set(draftKey, value);
    else drafts.delete(draftKey);
  }

  useEffect(() => setProblem(null), [text, files]);
  const mention = useMentionSuggestions({
    owner,
    text,
    onText: (next, caret) => {
      setText(next);
      // After React wrote the new text: the caret goes after the name, unless the agent has typed
      // on meanwhile (a late frame on a busy machine would put the caret back mid-word).
      requestAnimationFrame(() => {
        const box = textBox.current;
        if (box && box.value === next) box.setSelectionRange(caret, caret);
      });
    },
  });

  // Hidden (opted out, safe mode) or unusable (landline, blocked, closed, no advisor, no phone): no
  // text to the customer at all, only why (the server refuses these sends anyway); a note to
  // colleagues reaches no customer, so it can still be written.
  const texting = state.kind === 'open';
  // Among agents only (no customer) everything is already for colleagues: no note mode there.
  const notes = notesOnly || (staffNotes && subject.customer !== null);
  const mode: ComposeMode = notesOnly ? 'note' : !notes ? 'text' : texting ? chosenMode : 'note';
  const closedNotice =
    state.kind !== 'open' ? (
      <div className={`composer composer--${state.kind}`} role="note" data-testid={noticeTestId(state.reason)} data-reason={state.reason}>
        {noticeText(state, subject)}
      </div>
    ) : null;
  const left = charactersLeft(text);
  if (!texting && (!noteOpen || !notes)) {
    return (
      <>
        {closedNotice}
        {notes ? (
          <div className="composer__note-opener">
            <button type="button" className="button button--small button--note" data-testid="open-note" onClick={() => setNoteOpen(true)}>
              {t('collab.mode_note')}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  function currentAttempt(): Attempt {
    const kept = attempt.current;
    if (kept && kept.text === text && sameFiles(kept.files, files)) return kept;
    attempt.current = { key: randomId(), text, files, uploaded: null };
    return attempt.current;
  }

  /** Puts the draft back when a send did not happen, unless the agent has started another one. */
  function restore(failed: Attempt) {
    setTextState((now) => {
      if (now) return now;
      if (failed.text) drafts.set(draftKey, failed.text);
      return failed.text;
    });
    if (!currentFiles.current.length) onFilesChange(failed.files);
    attempt.current = failed;
  }

  async function deliver(sending: Attempt, extras: Pick<SendMessageBody['message'], 'send_at' | 'confirm_quiet_hours' | 'staff_note'>, key: string) {
    // SPEC §5: sending is cancelled when no conversation is selected.
    const to = owner;
    if (!to.id) {
      toast.error(t('composer.no_conversation'));
      return;
    }
    const note = extras.staff_note === true;
    onQueued({ key, text: sending.text, fileNames: sending.files.map((f) => f.name), created_at: new Date().toISOString(), state: 'sending', note });
    const mentions = mention.mentions(sending.text);
    setText('');
    onFilesChange([]);
    mention.reset();
    let body: SendMessageBody;
    try {
      sending.uploaded ??= await Promise.all(sending.files.map((file) => uploadAttachment(file)));
      body = { message: { text: sending.text, attachments: sending.uploaded, mentions, ...extras } };
    } catch (error) {
      // Nothing was sent: the draft comes back.
      fail(sending, key, error);
      return;
    }
    await post(sending, to, body, key);
  }

  /** Sends (or, with the same key, asks again about) one attempt until its answer is known. */
  async function post(sending: Attempt, to: ConversationAt, body: SendMessageBody, key: string) {
    try {
      const waiting = () => onPendingChange(key, { state: 'waiting', checkAgain: undefined });
      const { text: words, attachments, mentions } = body.message;
      const sent = notesOnly ? await postNote(to, { message: { text: words, attachments, mentions } }, key, waiting) : await postMessage(to, body, key, waiting);
      onSettled(key, sent.message);
      if (attempt.current === sending) attempt.current = null;
      for (const warning of sent.warnings ?? []) toast.warning(sendWarningText(warning));
    } catch (error) {
      if (!mayHaveGone(error)) {
        fail(sending, key, error);
        return;
      }
      // The text may be with the customer already (the store went away before it could say so):
      // it stays as sent, unconfirmed, and is only ever asked about again under its own key; the
      // draft is not handed back, so editing it cannot text the customer a second time.
      if (attempt.current === sending) attempt.current = null;
      onPendingChange(key, {
        state: 'unconfirmed',
        checkAgain: () => {
          onPendingChange(key, { state: 'waiting', checkAgain: undefined });
          void post(sending, to, body, key);
        },
      });
    }
  }

  /** A send that did not happen: the draft comes back and the agent is told why. */
  function fail(sending: Attempt, key: string, error: unknown) {
    onSettled(key, null);
    const nextWindowAt = quietHoursRefusal(error);
    if (nextWindowAt !== undefined) {
      setQuiet({ attempt: sending, nextWindowAt });
      return;
    }
    restore(sending);
    const kind = error instanceof ApiError ? error.action.kind : 'unexpected';
    if (kind === 'session_expired' || kind === 'inactive') {
      reportFailure(error);
      return;
    }
    if (kind === 'offline') reportFailure(error);
    // The refusal's id in the agent's language; the server's English only for an id this console does not know.
    const detail = error instanceof ApiError ? (sendRefusalText(error.id) ?? serverRefusalText(error.body) ?? serverMessage(error.body)) : '';
    toast.error(t('composer.send_failed'), { description: detail || undefined });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const found = draftProblem(text, files);
    if (found) {
      setProblem(found);
      return;
    }
    const sending = currentAttempt();
    void deliver(sending, mode === 'note' ? { staff_note: true } : {}, sending.key);
  }

  /** A feature's tool (a template) writes at the cursor, in place of the selection; the caret goes after it. */
  function insert(words: string) {
    const box = textBox.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + words + text.slice(end));
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + words.length, start + words.length);
    });
  }

  const problemText = !problem
    ? null
    : problem.kind === 'blank'
      ? t('composer.blank')
      : problem.kind === 'too_long'
        ? t('composer.too_long')
        : t('composer.file_too_large', { name: problem.name });
  const counterId = `${ids}-counter`;

  const noting = mode === 'note';
  return (
    <>
      {closedNotice}
      <form className={`composer${noting ? ' composer--note' : ''}`} onSubmit={submit} data-testid="composer-form" data-mode={mode} noValidate>
        {texting && notes && !notesOnly ? (
          <div className="composer__modes" role="group" aria-label={t('collab.write_as')}>
            <button type="button" className="composer__mode" aria-pressed={!noting} data-testid="compose-text" onClick={() => setMode('text')}>
              {t('collab.mode_text')}
            </button>
            <button type="button" className="composer__mode composer__mode--note" aria-pressed={noting} data-testid="compose-note" onClick={() => setMode('note')}>
              {t('collab.mode_note')}
            </button>
          </div>
        ) : null}
        {noting ? (
          <p className="composer__note-label" id={`${ids}-note`} data-testid="composer-note-label">
            {t('collab.note_hint')}
          </p>
        ) : null}
        {state.kind === 'open' && !noting && state.warning === 'voip' ? (
          <p className="composer__warning" data-testid="composer-voip">
            {t('composer.voip_warning')}
          </p>
        ) : null}
        {problemText ? (
          <p className="notice notice--error composer__problem" role="alert" data-testid="composer-problem">
            {problemText}
          </p>
        ) : null}
        <textarea
          ref={textBox}
          className={`composer__text${left < 0 ? ' composer__text--over' : ''}${noting ? ' composer__text--note' : ''}`}
          rows={3}
          value={text}
          aria-label={noting ? t('collab.note_label') : t('composer.label')}
          aria-describedby={noting ? `${ids}-note ${counterId}` : counterId}
          aria-invalid={left < 0 || problem !== null ? true : undefined}
          placeholder={noting ? t('collab.note_placeholder') : t('composer.placeholder')}
          data-testid="composer"
          {...mention.inputProps}
          onChange={(event) => {
            setText(event.target.value);
            mention.onCaret(event.target.selectionStart);
          }}
          onSelect={(event) => mention.onCaret(event.currentTarget.selectionStart)}
          onKeyDown={(event) => {
            if (mention.onKeyDown(event)) {
              event.preventDefault();
              return;
            }
            if (sendsOnKey({ key: event.key, shiftKey: event.shiftKey, altKey: event.altKey, isComposing: event.nativeEvent.isComposing })) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {files.length ? (
          <ul className="composer__files" aria-label={t('composer.files_label')}>
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="composer__file">
                <span>
                  {file.name} <span className="muted">({sizeLabel(file.size)})</span>
                </span>
                <button
                  type="button"
                  className="icon-button composer__remove"
                  aria-label={t('composer.remove_file', { name: file.name })}
                  onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {mention.list}
        <div className="composer__bar">
          <span id={counterId} className={`composer__counter${left < 0 ? ' composer__counter--over' : ''}`} data-testid="composer-counter" aria-live="polite">
            {left >= 0 ? t('composer.characters_left', { count: left }) : t('composer.characters_over', { count: -left })}
          </span>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(event) => {
              const picked = Array.from(event.target.files ?? []);
              if (picked.length) onFilesChange([...files, ...picked]);
              event.target.value = '';
            }}
          />
          <button type="button" className="button button--small" data-testid="attach-button" onClick={() => fileInput.current?.click()}>
            {t('composer.attach')}
          </button>
          {notesOnly ? null : <ComposerTools owner={owner} insert={insert} />}
          <button type="submit" className={`button button--small ${noting ? 'button--note' : 'button--primary'}`} data-testid="send-button">
            {noting ? t('collab.note_send') : t('composer.send')}
          </button>
        </div>
        <QuietHoursDialog
          quiet={quiet}
          context={context}
          onSendAnyway={(sending) => {
            setQuiet(null);
            void deliver(sending, { confirm_quiet_hours: true }, randomId());
          }}
          onSchedule={(sending, at) => {
            setQuiet(null);
            void deliver(sending, { send_at: at }, randomId());
          }}
          onCancel={(sending) => {
            setQuiet(null);
            restore(sending);
          }}
        />
      </form>
    </>
  );
}

import { useId, useState, type KeyboardEvent, type ReactElement, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { matchingName } from '../../../../shared/mentions.js';
import type { ConversationAt } from '../../../../shared/routes.js';
import { useColleagues } from './colleagues.js';
import { insertMention, mentionName, mentionQueryAt, mentionsInText, type MentionedAgent, type MentionQuery } from './mentionText.js';

/** Suggestions shown at once: enough for a name's first letters, short enough to read. */
const SHOWN = 8;

export interface MentionControl {
  /** Props for the textarea: it stays a text box that points at the active suggestion. */
  inputProps: Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-autocomplete' | 'aria-controls' | 'aria-activedescendant'>;
  /** Arrow keys, Enter, Tab and Escape while suggestions show; answers whether it used the key. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The caret moved or the text changed. */
  onCaret: (caret: number) => void;
  /** The ids the text still names, for the send body. */
  mentions: (text: string) => string[];
  /** Forget the chosen colleagues (the draft was sent). */
  reset: () => void;
  list: ReactElement | null;
}

/**
 * `@` in the composer suggests the colleagues who may see the conversation (a listbox the keyboard
 * walks with the arrow keys; Enter or Tab picks, Escape closes); the pick writes "@First Last"
 * into the text, and its id goes with the message as a mention.
 */
export function useMentionSuggestions({
  owner,
  text,
  onText,
}: {
  owner: ConversationAt;
  text: string;
  /** The text with a name written in, and where the caret goes. */
  onText: (text: string, caret: number) => void;
}): MentionControl {
  const { t } = useTranslation();
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<MentionedAgent[]>([]);
  // Escape closes the list for this @ only: the next one opens it again.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const typing: MentionQuery | null = mentionQueryAt(text, caret);
  const colleagues = useColleagues(owner, typing !== null || chosen.length > 0);
  const open = typing !== null && closedAt !== typing.start;
  const matches = open ? matchingName(colleagues ?? [], typing.query).slice(0, SHOWN) : [];
  const current = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;

  function pick(agent: MentionedAgent) {
    if (!typing) return;
    const next = insertMention(text, typing, caret, agent);
    setChosen((list) => (list.some((a) => a.id === agent.id) ? list : [...list, agent]));
    setActive(0);
    setCaret(next.caret);
    onText(next.text, next.caret);
  }

  const showing = open && colleagues !== undefined;
  const list = showing ? (
    <ul className="mentions" role="listbox" id={listId} aria-label={t('collab.mention_list')} data-testid="mention-suggestions">
      {matches.length === 0 ? (
        <li className="mentions__none" role="option" aria-selected={false} aria-disabled>
          {t('collab.mention_none')}
        </li>
      ) : (
        matches.map((agent, index) => (
          <li
            key={agent.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={`mentions__option${index === current ? ' mentions__option--active' : ''}`}
            data-testid="mention-option"
            data-agent-id={agent.id}
            // Keep the caret in the text box: the pick happens on the click that follows.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(agent)}
          >
            {mentionName(agent).slice(1)}
          </li>
        ))
      )}
    </ul>
  ) : null;

  return {
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': showing ? listId : undefined,
      'aria-activedescendant': showing && matches.length > 0 ? optionId(current) : undefined,
    },
    onKeyDown(event) {
      if (!showing) return false;
      if (event.key === 'Escape' && typing) {
        setClosedAt(typing.start);
        return true;
      }
      if (matches.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + matches.length) % matches.length);
        return true;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        const agent = matches[current];
        if (agent) pick(agent);
        return true;
      }
      return false;
    },
    onCaret(next) {
      setCaret(next);
      setActive(0);
    },
    mentions: (sent) => mentionsInText(sent, chosen),
    reset: () => setChosen([]),
    list,
  };
}

import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../shared/messages.js';
import { COMMON_REACTIONS } from '../../../../shared/reactions.js';
import { paths, type ConversationAt } from '../../../../shared/routes.js';
import { send } from '../../lib/api.js';
import { useColleagues } from './colleagues.js';

/** The message's emoji, the common ones first in their order, then the others as they came. */
export function reactionOrder(reactions: Message['reactions']): string[] {
  const held = Object.keys(reactions).filter((emoji) => (reactions[emoji]?.length ?? 0) > 0);
  const common = COMMON_REACTIONS.filter((emoji) => held.includes(emoji));
  return [...common, ...held.filter((emoji) => !(COMMON_REACTIONS as readonly string[]).includes(emoji))];
}

/**
 * Reactions under a message (SPEC §3): each emoji with its count, the agent's own highlighted, who
 * reacted named on hover and on keyboard focus; a click or Enter toggles the agent's own. "React"
 * opens the common emoji. The answer (and every other console, by `message.updated`) shows the result.
 */
export function ReactionBar({ owner, message, agentId, onChanged }: { owner: ConversationAt; message: Message; agentId: string; onChanged: (message: Message) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const shown = reactionOrder(message.reactions);
  const colleagues = useColleagues(owner, shown.length > 0);
  const nameOf = (id: string): string => {
    if (id === agentId) return t('collab.you');
    const colleague = colleagues?.find((agent) => agent.id === id);
    return colleague ? `${colleague.first_name} ${colleague.last_name}` : t('collab.a_colleague');
  };

  async function toggle(emoji: string) {
    const mine = message.reactions[emoji]?.includes(agentId) ?? false;
    setBusy(true);
    try {
      const answer = await send<{ message: Message }>(paths.reactions(owner, message.id), { method: mine ? 'DELETE' : 'PUT', body: { emoji } });
      onChanged(answer.message);
    } catch {
      // send() has shown why.
    } finally {
      setBusy(false);
    }
  }

  function choose(emoji: string) {
    setPicking(false);
    opener.current?.focus();
    if (!(message.reactions[emoji]?.includes(agentId) ?? false)) void toggle(emoji);
  }

  return (
    <div className="reactions" role="group" aria-label={t('collab.reactions')} data-testid="reactions">
      {shown.map((emoji) => {
        const who = message.reactions[emoji] ?? [];
        const mine = who.includes(agentId);
        const names = who.map(nameOf).join(', ');
        const whoId = `${ids}-${emoji}`;
        return (
          <span key={emoji} className="reaction">
            <button
              type="button"
              className={`reaction__button${mine ? ' reaction__button--mine' : ''}`}
              aria-pressed={mine}
              aria-label={t('collab.reaction_label', { emoji, count: who.length })}
              aria-describedby={whoId}
              disabled={busy}
              data-testid="reaction"
              data-emoji={emoji}
              data-count={who.length}
              onClick={() => void toggle(emoji)}
            >
              <span aria-hidden="true">{emoji}</span> <span aria-hidden="true">{who.length}</span>
            </button>
            <span className="reaction__who" id={whoId} role="tooltip" data-testid="reaction-who">
              {names}
            </span>
          </span>
        );
      })}
      <span className="reaction reaction--add">
        <button
          ref={opener}
          type="button"
          className="reaction__button reaction__button--add"
          aria-expanded={picking}
          aria-controls={`${ids}-pick`}
          aria-label={t('collab.react')}
          title={t('collab.react')}
          data-testid="react-open"
          disabled={busy}
          onClick={() => setPicking((open) => !open)}
        >
          <span aria-hidden="true">☺+</span>
        </button>
        {picking ? (
          <span
            className="reaction__picker"
            id={`${ids}-pick`}
            role="group"
            aria-label={t('collab.react')}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              setPicking(false);
              opener.current?.focus();
            }}
          >
            {COMMON_REACTIONS.map((emoji, index) => (
              <button
                key={emoji}
                type="button"
                className="reaction__choice"
                aria-label={t('collab.react_with', { emoji })}
                data-testid="react-choice"
                data-emoji={emoji}
                // The first choice takes the keyboard, so the arrow of the agent's attention stays here.
                autoFocus={index === 0}
                onClick={() => choose(emoji)}
              >
                {emoji}
              </button>
            ))}
          </span>
        ) : null}
      </span>
    </div>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { Conversation } from '../conversation/Conversation.js';
import './board.css';

/** The open record's conversation as the board words it (who owns it, its header, its read toggle). */
export type OpenConversation = Omit<ComponentProps<typeof Conversation>, 'context' | 'leading' | 'trailing'>;

/**
 * The middle of a board: the open record's conversation, or in its place a hint (nothing open,
 * still loading, not found) with a phone's Back above it. `hint` null: nothing at all there (a
 * phone showing the list).
 */
export function ConversationPane({
  conversation,
  context,
  leading,
  trailing,
  hint,
}: {
  conversation: OpenConversation | null;
  context: ComponentProps<typeof Conversation>['context'];
  leading: ReactNode;
  trailing: ReactNode;
  hint: string | null;
}) {
  if (conversation) return <Conversation key={conversation.owner.id} {...conversation} context={context} leading={leading} trailing={trailing} />;
  if (hint === null) return null;
  return (
    <div className="board__empty" data-testid="conversation-empty">
      {leading}
      {hint}
    </div>
  );
}

import type { ConversationContext } from '../../components/conversation/conversationContext.js';

/**
 * What every part of the board needs to know about where and for whom it works: the same as the
 * conversation it composes (access level 1 or more also shows every order of the location).
 */
export type BoardContext = ConversationContext;

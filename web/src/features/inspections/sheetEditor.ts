/**
 * The sheet screen's state: the sheet as the server last answered it and the working copy over it.
 * A newer answer (a save, a claim, a photo, a reload after someone else's change) replaces the
 * sheet; unsaved edits are kept over it while this agent may still edit, and dropped otherwise.
 */
import type { SheetReply } from '../../../../shared/inspections/inspections.js';
import type { Locale } from '../../../../shared/locales.js';
import { readOnlyReason } from './sheetAccess.js';
import { draftOf, draftReducer, isDirty, rebaseDraft, type DraftAction, type SheetDraft } from './sheetDraft.js';

export type EditorStatus = 'loading' | 'ready' | 'missing' | 'failed';

export interface EditorState {
  status: EditorStatus;
  reply: SheetReply | null;
  draft: SheetDraft | null;
}

export type EditorAction =
  | { type: 'loading' }
  | { type: 'missing' }
  | { type: 'failed' }
  /** `keepEdits` false: the answer is what was just saved, so the working copy starts over from it. */
  | { type: 'answered'; reply: SheetReply; keepEdits: boolean; agentId: string; locale: Locale }
  | { type: 'edit'; action: DraftAction };

export const initialEditor: EditorState = { status: 'loading', reply: null, draft: null };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loading':
      return state.reply ? state : { ...state, status: 'loading' };
    case 'missing':
      return { status: 'missing', reply: null, draft: null };
    case 'failed':
      // A failed reload keeps the sheet on screen; only a first load that failed shows the failure.
      return state.reply ? state : { ...state, status: 'failed' };
    case 'answered': {
      const { reply, keepEdits, agentId, locale } = action;
      const current = state.reply;
      // Answers can cross on the network: an older version never replaces a newer one.
      if (current && current.sheet.id === reply.sheet.id && reply.sheet.version < current.sheet.version) return state;
      let draft: SheetDraft;
      const sameSheet = current && current.sheet.id === reply.sheet.id;
      if (keepEdits && sameSheet && state.draft && readOnlyReason(reply.sheet, agentId) === null && isDirty(state.draft, current.sheet, locale)) {
        draft = rebaseDraft(state.draft, current.sheet, reply.sheet, locale);
      } else {
        draft = draftOf(reply.sheet, locale);
      }
      return { status: 'ready', reply, draft };
    }
    case 'edit':
      return state.draft ? { ...state, draft: draftReducer(state.draft, action.action) } : state;
  }
}

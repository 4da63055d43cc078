/**
 * Loads one repair order's sheet and keeps it current (SPEC §4 "The sheet reloads when it changes"):
 * an `mpi.changed` or `mpi.decision` for this order with a newer version than shown reloads it —
 * silently when nothing is unsaved, with 'MPI has changed. Reloading' when something is (the
 * unsaved edits are then laid over the new sheet). Events caused by this screen's own requests
 * arrive around the same time as their answers, so they are looked at only once those settle.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import type { SheetReply } from '../../../../shared/inspections/inspections.js';
import type { Locale } from '../../../../shared/locales.js';
import { MPI_EVENTS } from '../../../../shared/inspections/events.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { mpiErrorText, showMpiFailure } from './mpiFailures.js';
import { fetchSheet, type SheetSide } from './requests.js';
import type { DraftAction } from './sheetDraft.js';
import { isDirty } from './sheetDraft.js';
import { editorReducer, initialEditor, type EditorState } from './sheetEditor.js';

/** Long enough for the answer of a request that caused an event to land before the event is judged. */
export const EVENT_SETTLE_MS = 400;

export interface SheetEditor {
  state: EditorState;
  dirty: boolean;
  edit(action: DraftAction): void;
  /** An answer from any sheet-changing call (claim, save, complete, a photo, the advisor's tools). */
  apply(reply: SheetReply, options?: { keepEdits?: boolean }): void;
  /** Fetch the sheet again, keeping unsaved edits over it. */
  reload(): void;
  /** Runs a request of this screen; events that arrive meanwhile wait for it. */
  own<T>(request: () => Promise<T>): Promise<T>;
}

export function useSheetEditor(options: { roId: string; side: SheetSide; agentId: string; locale: Locale; initial: SheetReply | null }): SheetEditor {
  const { roId, side, agentId, locale } = options;
  const [state, dispatch] = useReducer(editorReducer, options.initial, (initial) =>
    initial ? editorReducer(initialEditor, { type: 'answered', reply: initial, keepEdits: false, agentId, locale }) : initialEditor,
  );
  const latest = useRef({ state, agentId, locale });
  latest.current = { state, agentId, locale };
  const busy = useRef(0);
  const seenVersion = useRef(0);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loads = useRef<AbortController | null>(null);

  const apply = useCallback((reply: SheetReply, opts: { keepEdits?: boolean } = {}) => {
    const { agentId: agent, locale: loc } = latest.current;
    dispatch({ type: 'answered', reply, keepEdits: opts.keepEdits ?? true, agentId: agent, locale: loc });
  }, []);

  const load = useCallback(() => {
    loads.current?.abort();
    const control = new AbortController();
    loads.current = control;
    dispatch({ type: 'loading' });
    fetchSheet(roId, side, control.signal)
      .then((reply) => {
        if (control.signal.aborted) return;
        apply(reply);
      })
      .catch((error: unknown) => {
        if (control.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
          dispatch({ type: 'missing' });
          return;
        }
        showMpiFailure(error);
        dispatch({ type: 'failed' });
      });
  }, [roId, side, apply]);

  useEffect(() => {
    // Asked even when a claim handed the sheet over: the browser keeps that answer in its history,
    // and a reload of the page must not show it as if it were current.
    load();
    return () => loads.current?.abort();
  }, [load]);

  /** A newer version exists: reload, and say so when it touches unsaved work. */
  const reconcile = useCallback(() => {
    if (busy.current > 0) return;
    const { state: now, locale: loc } = latest.current;
    const shown = now.reply?.sheet.version ?? 0;
    if (seenVersion.current <= shown) return;
    if (now.draft && now.reply && isDirty(now.draft, now.reply.sheet, loc)) {
      toast.info(mpiErrorText('mpi_changed'), { id: 'mpi-changed' });
    }
    load();
  }, [load]);

  const schedule = useCallback(() => {
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(reconcile, EVENT_SETTLE_MS);
  }, [reconcile]);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  useStreamEvents(
    (event) => {
      if (event.type !== 'mpi.changed' && event.type !== 'mpi.decision') return;
      if (event.data.repair_order_id !== roId) return;
      seenVersion.current = Math.max(seenVersion.current, event.data.version);
      schedule();
    },
    () => load(),
    MPI_EVENTS,
  );

  const own = useCallback(
    async <T,>(request: () => Promise<T>): Promise<T> => {
      busy.current += 1;
      try {
        return await request();
      } finally {
        busy.current -= 1;
        schedule();
      }
    },
    [schedule],
  );

  const dirty = useMemo(() => Boolean(state.draft && state.reply && isDirty(state.draft, state.reply.sheet, locale)), [state.draft, state.reply, locale]);
  const edit = useCallback((action: DraftAction) => dispatch({ type: 'edit', action }), []);

  return { state, dirty, edit, apply, reload: load, own };
}

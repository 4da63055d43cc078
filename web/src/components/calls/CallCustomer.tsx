import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PLACE_CALL_REFUSALS, type CallBoard } from '../../../../shared/calls/calls.js';
import { CALL_EVENTS } from '../../../../shared/calls/events.js';
import { callPaths } from '../../../../shared/calls/routes.js';
import type { PlaceCallBody } from '../../../../shared/calls/schemas.js';
import type { OwnerRef } from '../../../../shared/conversations.js';
import type { Call } from '../../../../shared/customers.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { knowEvents, onResync, subscribe } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { callStage, callWords, followCall, isPlaceCallRefusal, type CallState as State } from './callStage.js';
import './calls.css';

/**
 * "Call customer" (SPEC §2, issue 25) on any board's detail: the advisor's own phone rings first,
 * then the customer's; the call's state follows `call.changed` live (ringing, connected with its
 * running time, ended), with Hang up while it lasts. `owner` is the conversation the call's note
 * lands in (the order open on screen). A refusal is worded here, with the way to fix it.
 */
export function CallCustomer({ customerId, board, owner, disabled = false }: { customerId: string; board: CallBoard; owner: OwnerRef | null; disabled?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  /** Events for calls the console heard of before the POST answered (a fast simulator). */
  const heard = useRef(new Map<string, Call>());
  const callId = state.phase === 'call' ? state.call.id : null;
  const stage = state.phase === 'call' ? callStage(state.call) : null;

  useEffect(() => {
    knowEvents(CALL_EVENTS);
    return subscribe('call.changed', (data) => {
      if (data.call.direction !== 'outbound' || data.customer.id !== customerId) return;
      heard.current.set(data.call.id, data.call);
      setState((current) => followCall(current, data.call, Date.now()));
    });
  }, [customerId]);

  // After a lost connection the call may have moved on unseen: its record says where it is.
  useEffect(() => {
    if (!callId || stage === 'ended') return;
    return onResync(() => {
      api
        .request<{ calls: Call[] }>(callPaths.ofCustomer(customerId, board))
        .then(({ calls }) => {
          const found = calls.find((call) => call.id === callId);
          if (found) setState((current) => followCall(current, found, Date.now()));
        })
        .catch(() => undefined);
    });
  }, [callId, stage, customerId, board]);

  // The running time of a connected call.
  useEffect(() => {
    if (stage !== 'connected') return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [stage]);

  async function place() {
    setState({ phase: 'placing' });
    try {
      const body: PlaceCallBody = owner ? { owner: { kind: owner.kind, id: owner.id } } : {};
      const answer = await api.request<{ call: Call }>(callPaths.ofCustomer(customerId, board), { method: 'POST', body, expected: { ids: PLACE_CALL_REFUSALS } });
      const placed = answer.call;
      const started: State = { phase: 'call', call: placed, reachedCustomer: false, connectedAt: null, hangingUp: false };
      const later = heard.current.get(placed.id);
      setState(later ? followCall(started, later, Date.now()) : followCall(started, placed, Date.now()));
    } catch (error) {
      if (error instanceof ApiError && isPlaceCallRefusal(error.id)) setState({ phase: 'refused', refusal: error.id });
      else {
        reportFailure(error);
        setState({ phase: 'idle' });
      }
    }
  }

  async function hangUp(call: Call) {
    setState((current) => (current.phase === 'call' ? { ...current, hangingUp: true } : current));
    try {
      const answer = await api.request<{ call?: Call } | null>(callPaths.hangup(call.id), { method: 'PUT' });
      if (answer?.call) setState((current) => followCall(current, answer.call!, Date.now()));
    } catch (error) {
      reportFailure(error);
      setState((current) => (current.phase === 'call' ? { ...current, hangingUp: false } : current));
    }
  }

  const live = stage !== null && stage !== 'ended';
  const words = callWords(state, now);
  const said = words ? t(words.key, words.values) : null;

  return (
    <div className="call-customer" data-testid="call-customer" data-stage={stage ?? state.phase}>
      {live && state.phase === 'call' ? (
        <button
          type="button"
          className="button button--small call-customer__hang-up"
          data-testid="call-hang-up"
          disabled={state.hangingUp}
          aria-busy={state.hangingUp || undefined}
          onClick={() => void hangUp(state.call)}
        >
          {t('calling.hang_up')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          data-testid="call-customer-button"
          disabled={disabled || state.phase === 'placing'}
          aria-busy={state.phase === 'placing' || undefined}
          onClick={() => void place()}
        >
          {t('calling.call_customer')}
        </button>
      )}
      <p className="call-customer__state" role="status" data-testid="call-state">
        {said}
        {state.phase === 'refused' && state.refusal === 'no_agent_phone' ? (
          <>
            {' '}
            <Link to="/profile" data-testid="call-open-profile">
              {t('calling.open_profile')}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

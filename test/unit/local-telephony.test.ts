/**
 * The telephony simulator (infra/local/telephony.ts) carries out the actions a SIP media
 * application answers, with Chime's events, against a fake handler: a bridge answered, rung out or
 * declined; a recording written and reported; hang-ups by people and by the application; an update
 * request; a handler that fails.
 */
import { describe, expect, it } from 'vitest';
import type { ChimeAction, ChimeEvent, ChimeResponse } from '../../functions/calls/chime.js';
import { wavSeconds } from '../../functions/calls/sipMediaApplication.js';
import { TelephonySimulator, toneWav } from '../../infra/local/telephony.js';

const STORE = '+16175550123';
const CUSTOMER = '+16175551001';
const RING_TO = '+16175550777';
const ADVISOR = '+16175550999';

const ok = (actions: ChimeAction[], attributes?: Record<string, string>): ChimeResponse => ({ SchemaVersion: '1.0', Actions: actions, ...(attributes ? { TransactionAttributes: attributes } : {}) });
const legA = (event: ChimeEvent) => event.CallDetails.Participants.find((p) => p.ParticipantTag === 'LEG-A')!.CallId;
const bridgeTo = (uri: string, seconds = 20): ChimeAction => ({ Type: 'CallAndBridge', Parameters: { CallTimeoutSeconds: seconds, CallerIdNumber: CUSTOMER, Endpoints: [{ BridgeEndpointType: 'PSTN', Uri: uri }] } });
const record: ChimeAction = {
  Type: 'RecordAudio',
  Parameters: { DurationInSeconds: 120, SilenceDurationInSeconds: 5, RecordingTerminators: ['#'], RecordingDestination: { Type: 'S3', BucketName: 'recordings', Prefix: 'voicemail/test' } },
};

/** A simulator whose handler answers by `script`, keeping every event it was given. */
function simulator(script: (event: ChimeEvent) => ChimeResponse | Promise<ChimeResponse>, ringScale = 1) {
  const events: ChimeEvent[] = [];
  const stored: { bucket: string; key: string; body: Uint8Array }[] = [];
  const sim = new TelephonySimulator(
    async () => async (event) => {
      events.push(structuredClone(event));
      return script(event);
    },
    async (bucket, key, body) => void stored.push({ bucket, key, body }),
    { ringScale, log: () => undefined },
  );
  const kinds = () => events.map((e) => `${e.InvocationEventType}${e.ActionData ? `:${e.ActionData.Type}` : ''}`);
  return { sim, events, stored, kinds };
}

/** An inbound flow: ring RING_TO; on failure, voicemail; hang up after recording; hang up the other leg on HANGUP. */
function voicemailScript(event: ChimeEvent): ChimeResponse {
  switch (event.InvocationEventType) {
    case 'NEW_INBOUND_CALL':
      return ok([bridgeTo(RING_TO)], { step: 'ringing' });
    case 'ACTION_FAILED':
      return ok([{ Type: 'Speak', Parameters: { CallId: legA(event), Text: 'Please leave a message.' } }, record], { step: 'voicemail', error: event.ActionData?.ErrorType ?? '' });
    case 'ACTION_SUCCESSFUL':
      if (event.ActionData?.Type === 'RecordAudio') return ok([{ Type: 'Hangup', Parameters: { CallId: legA(event), SipResponseCode: '0' } }]);
      return ok([]);
    case 'HANGUP': {
      const gone = event.ActionData?.Parameters.CallId;
      const others = event.CallDetails.Participants.filter((p) => p.Status !== 'Disconnected' && p.CallId !== gone);
      return ok(others.map((p) => ({ Type: 'Hangup', Parameters: { CallId: p.CallId, SipResponseCode: '0' } })));
    }
    default:
      return ok([]);
  }
}

describe('the telephony simulator', () => {
  it('rings the bridged phone; answered, the handler hears ACTION_SUCCESSFUL with both legs; a hang-up ends both', async () => {
    // Arrange
    const { sim, events, kinds } = simulator(voicemailScript);

    // Act
    const started = await sim.callStore({ from: CUSTOMER, to: STORE });
    const ringing = sim.ringing(RING_TO);
    await sim.answer(RING_TO);
    await sim.hangUp(started.transaction_id);
    const over = await sim.callOver(started.transaction_id, 1000);

    // Assert
    expect(ringing?.leg).toMatchObject({ tag: 'LEG-B', state: 'ringing', from: CUSTOMER, to: RING_TO });
    expect(kinds()).toEqual(['NEW_INBOUND_CALL', 'ACTION_SUCCESSFUL:CallAndBridge', 'HANGUP:Hangup', 'HANGUP:Hangup']);
    const bridged = events[1]!;
    expect(bridged.CallDetails.Participants.map((p) => [p.ParticipantTag, p.Status])).toEqual([
      ['LEG-A', 'Connected'],
      ['LEG-B', 'Connected'],
    ]);
    expect(events.map((e) => e.Sequence)).toEqual([1, 2, 3, 4]);
    // What the handler answered is handed back with every later event.
    expect(events.slice(1).every((e) => e.CallDetails.TransactionAttributes?.step === 'ringing')).toBe(true);
    expect(events[2]!.ActionData?.Parameters).toMatchObject({ ParticipantTag: 'LEG-A' });
    expect(over.state).toBe('over');
    expect(over.legs.map((l) => l.state)).toEqual(['disconnected', 'disconnected']);
    expect(over.invocations.every((i) => i.answered_in_ms < 5000)).toBe(true);
  });

  it('lets an unanswered phone ring out after CallTimeoutSeconds (CallNotAnswered), then records a voicemail to the bucket', async () => {
    // Arrange: a ring time of 20 s scaled to 20 ms.
    const { sim, events, stored, kinds } = simulator(voicemailScript, 0.001);

    // Act
    const started = await sim.callStore({ from: CUSTOMER, to: STORE });
    await new Promise((r) => setTimeout(r, 100));
    const waiting = sim.get(started.transaction_id);
    await sim.leaveVoicemail(started.transaction_id, { seconds: 3 });
    const over = await sim.callOver(started.transaction_id, 1000);

    // Assert
    const failed = events.find((e) => e.InvocationEventType === 'ACTION_FAILED')!;
    expect(failed.ActionData).toMatchObject({ Type: 'CallAndBridge', ErrorType: 'CallNotAnswered', ErrorMessage: 'Call not answered' });
    // A B leg that never connected is no participant.
    expect(failed.CallDetails.Participants.map((p) => p.ParticipantTag)).toEqual(['LEG-A']);
    expect(waiting.waiting).toBe('recording');
    expect(waiting.heard.map((h) => h.text)).toEqual(['Please leave a message.']);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.bucket).toBe('recordings');
    expect(stored[0]!.key.startsWith('voicemail/test/')).toBe(true);
    expect(wavSeconds(stored[0]!.body, stored[0]!.body.byteLength)).toBeCloseTo(3, 1);
    const done = events.find((e) => e.InvocationEventType === 'ACTION_SUCCESSFUL' && e.ActionData?.Type === 'RecordAudio')!;
    expect(done.ActionData?.RecordingDestination).toEqual({ Type: 'S3', BucketName: 'recordings', Key: stored[0]!.key });
    expect(kinds().slice(-2)).toEqual(['ACTION_SUCCESSFUL:RecordAudio', 'HANGUP:Hangup']);
    expect(over.state).toBe('over');
    expect(over.recordings).toEqual([{ bucket: 'recordings', key: stored[0]!.key, seconds: 3 }]);
  });

  it('reports a declined phone as a failed bridge that says busy', async () => {
    // Arrange
    const { sim, events } = simulator(voicemailScript);
    const started = await sim.callStore({ from: CUSTOMER, to: STORE });

    // Act
    await sim.decline(RING_TO);

    // Assert
    const failed = events.find((e) => e.InvocationEventType === 'ACTION_FAILED')!;
    expect(`${failed.ActionData?.ErrorType} ${failed.ActionData?.ErrorMessage}`).toMatch(/busy/i);
    expect(sim.get(started.transaction_id).legs.find((l) => l.tag === 'LEG-B')).toMatchObject({ state: 'disconnected', outcome: 'busy' });
    expect(sim.ringing(RING_TO)).toBeNull();
  });

  it('keeps what the caller said when they hang up while recording, then reports the hang-up', async () => {
    // Arrange
    const { sim, stored, kinds } = simulator(voicemailScript);
    const started = await sim.callStore({ from: CUSTOMER, to: STORE });
    await sim.ringOut(RING_TO);

    // Act
    await sim.hangUp(started.transaction_id);

    // Assert
    expect(stored).toHaveLength(1);
    expect(kinds().slice(-2)).toEqual(['ACTION_SUCCESSFUL:RecordAudio', 'HANGUP:Hangup']);
    expect((await sim.callOver(started.transaction_id, 1000)).state).toBe('over');
  });

  it('stops a ringing bridge when the caller hangs up, and the phone rings no more', async () => {
    // Arrange
    const { sim, kinds } = simulator(voicemailScript);
    const started = await sim.callStore({ from: CUSTOMER, to: STORE });

    // Act
    await sim.hangUp(started.transaction_id);

    // Assert
    expect(sim.ringing(RING_TO)).toBeNull();
    expect(kinds()).toEqual(['NEW_INBOUND_CALL', 'HANGUP:Hangup']);
    expect(sim.get(started.transaction_id).state).toBe('over');
  });

  it('places an outbound call: NEW_OUTBOUND_CALL with the arguments, the advisor answers (CALL_ANSWERED), the customer is bridged; an update request reaches the handler', async () => {
    // Arrange
    const { sim, events, kinds } = simulator((event) => {
      if (event.InvocationEventType === 'NEW_OUTBOUND_CALL') return ok([{ Type: 'Hangup', Parameters: { SipResponseCode: '0' } }], { placed: 'yes' });
      if (event.InvocationEventType === 'CALL_ANSWERED') return ok([bridgeTo(CUSTOMER)]);
      if (event.InvocationEventType === 'CALL_UPDATE_REQUESTED' || event.InvocationEventType === 'HANGUP') {
        const gone = event.ActionData?.Parameters.CallId;
        return ok(event.CallDetails.Participants.filter((p) => p.Status !== 'Disconnected' && p.CallId !== gone).map((p) => ({ Type: 'Hangup', Parameters: { CallId: p.CallId, SipResponseCode: '0' } })));
      }
      return ok([]);
    });

    // Act
    const { transaction_id } = sim.placeCall({ from: STORE, to: ADVISOR, arguments: { call_id: 'cal_1' } });
    await new Promise((r) => setTimeout(r, 20));
    const advisorRings = sim.ringing(ADVISOR);
    await sim.answer(ADVISOR);
    const customerRings = sim.ringing(CUSTOMER);
    await sim.answer(CUSTOMER);
    sim.updateCall(transaction_id, { reason: 'hangup' });
    const over = await sim.callOver(transaction_id, 1000);

    // Assert
    expect(events[0]!.ActionData).toEqual({ Type: 'CallCreateRequest', Parameters: { Arguments: { call_id: 'cal_1' } } });
    expect(events[0]!.CallDetails.Participants[0]).toMatchObject({ ParticipantTag: 'LEG-A', From: STORE, To: ADVISOR, Direction: 'Outbound' });
    // The actions answered to NEW_OUTBOUND_CALL are ignored, as Chime ignores them; its attributes are kept.
    expect(advisorRings?.leg).toMatchObject({ tag: 'LEG-A', state: 'ringing' });
    expect(events[1]!.CallDetails.TransactionAttributes).toEqual({ placed: 'yes' });
    expect(customerRings?.leg).toMatchObject({ tag: 'LEG-B', to: CUSTOMER });
    expect(kinds()).toEqual(['NEW_OUTBOUND_CALL:CallCreateRequest', 'CALL_ANSWERED', 'ACTION_SUCCESSFUL:CallAndBridge', 'CALL_UPDATE_REQUESTED:CallUpdateRequest', 'HANGUP:Hangup', 'HANGUP:Hangup']);
    expect(events[3]!.ActionData?.Parameters.Arguments).toEqual({ reason: 'hangup' });
    expect(over.state).toBe('over');
  });

  it("reports an advisor's phone that nobody answers as the call's hang-up", async () => {
    // Arrange
    const { sim, kinds, events } = simulator(() => ok([]));
    const { transaction_id } = sim.placeCall({ from: STORE, to: ADVISOR, arguments: {} });
    await new Promise((r) => setTimeout(r, 20));

    // Act
    await sim.ringOut(ADVISOR);

    // Assert
    expect(kinds()).toEqual(['NEW_OUTBOUND_CALL:CallCreateRequest', 'HANGUP:Hangup']);
    expect(events[1]!.ActionData?.Parameters).toMatchObject({ ParticipantTag: 'LEG-A', SipResponseCode: '480' });
    expect(sim.get(transaction_id).state).toBe('over');
  });

  it('ends the call when the handler fails, as a failed Lambda ends a Chime call', async () => {
    // Arrange
    const { sim } = simulator(() => {
      throw new Error('boom');
    });

    // Act
    const call = await sim.callStore({ from: CUSTOMER, to: STORE });

    // Assert
    expect(call.state).toBe('over');
    expect(call.invocations[0]!.error).toBe('boom');
  });

  it('refuses an answer Chime would refuse (too many actions or attributes) with INVALID_LAMBDA_RESPONSE, and ends a call whose answer to that is no better', async () => {
    // Arrange: eleven actions, then 101 attributes.
    const eleven = Array.from({ length: 11 }, (): ChimeAction => ({ Type: 'Pause', Parameters: { DurationInMilliseconds: 10 } }));
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v']));
    const { sim, events } = simulator((event) => (event.InvocationEventType === 'NEW_INBOUND_CALL' ? ok(eleven) : ok([], many)));

    // Act
    const call = await sim.callStore({ from: CUSTOMER, to: STORE });

    // Assert
    expect(events.map((e) => [e.InvocationEventType, e.ErrorType])).toEqual([
      ['NEW_INBOUND_CALL', undefined],
      ['INVALID_LAMBDA_RESPONSE', 'InvalidActionsCount'],
    ]);
    expect(call.state).toBe('over');
    expect(call.invocations.map((i) => i.error)).toEqual(['At most 10 actions per response', expect.stringContaining('too many mappings')]);
  });

  it('writes a WAV whose header says its length', () => {
    const wav = toneWav(2.5);
    expect(wavSeconds(wav, wav.byteLength)).toBeCloseTo(2.5, 2);
    expect(wavSeconds(new TextEncoder().encode('not a wav at all'), 16)).toBeNull();
  });
});

/** The Chime adapter: what it asks Chime SDK Voice (with a fake client) and what it makes of Chime's errors. */
import { CreateSipMediaApplicationCallCommand, UpdateSipMediaApplicationCallCommand } from '@aws-sdk/client-chime-sdk-voice';
import { describe, expect, it } from 'vitest';
import { ChimeTelephony, TelephonyError, type SipMediaApplicationCalls } from '../../functions/lib/chimeTelephony.js';

const SMA_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const STORE = '+16175550100';
const ADVISOR = '+16175550199';

type Command = CreateSipMediaApplicationCallCommand | UpdateSipMediaApplicationCallCommand;

/** A Chime SDK Voice client that records the commands it was sent and answers as told. */
function fakeChime(answer: (command: Command) => Promise<{ SipMediaApplicationCall?: { TransactionId?: string } }>) {
  const commands: Command[] = [];
  const client: SipMediaApplicationCalls = {
    send: (command) => {
      commands.push(command);
      return answer(command);
    },
  };
  return { commands, client };
}

function awsError(name: string): Error {
  return Object.assign(new Error(`${name} happened`), { name });
}

describe('ChimeTelephony', () => {
  it('places a call with CreateSipMediaApplicationCall on the stack SIP media application and answers its transaction id', async () => {
    const chime = fakeChime(async () => ({ SipMediaApplicationCall: { TransactionId: 'tx-1' } }));
    const telephony = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: chime.client });

    const placed = await telephony.placeCall({ from: STORE, to: ADVISOR, arguments: { call_id: 'call-1', customer: '+16175550342' } });

    expect(placed).toEqual({ transactionId: 'tx-1' });
    expect(chime.commands).toHaveLength(1);
    expect(chime.commands[0]).toBeInstanceOf(CreateSipMediaApplicationCallCommand);
    expect(chime.commands[0]!.input).toEqual({
      FromPhoneNumber: STORE,
      ToPhoneNumber: ADVISOR,
      SipMediaApplicationId: SMA_ID,
      ArgumentsMap: { call_id: 'call-1', customer: '+16175550342' },
    });
  });

  it('hangs up with UpdateSipMediaApplicationCall carrying action=hangup besides the given arguments', async () => {
    const chime = fakeChime(async () => ({ SipMediaApplicationCall: { TransactionId: 'tx-1' } }));
    const telephony = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: chime.client });

    await telephony.hangup('tx-1', { call_id: 'call-1', action: 'something else' });

    expect(chime.commands[0]).toBeInstanceOf(UpdateSipMediaApplicationCallCommand);
    expect(chime.commands[0]!.input).toEqual({ SipMediaApplicationId: SMA_ID, TransactionId: 'tx-1', Arguments: { call_id: 'call-1', action: 'hangup' } });
  });

  it('takes the SIP media application from SIP_MEDIA_APPLICATION_ID, and refuses clearly without it before asking Chime', async () => {
    const before = process.env.SIP_MEDIA_APPLICATION_ID;
    try {
      process.env.SIP_MEDIA_APPLICATION_ID = SMA_ID;
      const configured = fakeChime(async () => ({ SipMediaApplicationCall: { TransactionId: 'tx-2' } }));
      await new ChimeTelephony({ client: configured.client }).placeCall({ from: STORE, to: ADVISOR, arguments: {} });
      expect((configured.commands[0]!.input as { SipMediaApplicationId: string }).SipMediaApplicationId).toBe(SMA_ID);

      delete process.env.SIP_MEDIA_APPLICATION_ID;
      const unconfigured = fakeChime(async () => ({ SipMediaApplicationCall: { TransactionId: 'tx-3' } }));
      const telephony = new ChimeTelephony({ client: unconfigured.client });
      await expect(telephony.placeCall({ from: STORE, to: ADVISOR, arguments: {} })).rejects.toThrow(/SIP_MEDIA_APPLICATION_ID is not set/);
      await expect(telephony.hangup('tx-3')).rejects.toThrow(/SIP_MEDIA_APPLICATION_ID is not set/);
      expect(unconfigured.commands).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.SIP_MEDIA_APPLICATION_ID;
      else process.env.SIP_MEDIA_APPLICATION_ID = before;
    }
  });

  it.each([
    ['BadRequestException', 'invalid'],
    ['NotFoundException', 'not_found'],
    ['ForbiddenException', 'forbidden'],
    ['ThrottledClientException', 'throttled'],
    ['ResourceLimitExceededException', 'limit'],
    ['ServiceUnavailableException', 'unavailable'],
    ['ServiceFailureException', 'unavailable'],
  ])('turns %s from CreateSipMediaApplicationCall into a TelephonyError %s that names it', async (name, failure) => {
    const chime = fakeChime(() => Promise.reject(awsError(name)));
    const telephony = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: chime.client });

    const err = await telephony.placeCall({ from: STORE, to: ADVISOR, arguments: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(err).toBeInstanceOf(TelephonyError);
    expect((err as TelephonyError).failure).toBe(failure);
    expect((err as TelephonyError).message).toContain(name);
    expect((err as TelephonyError).message).toContain('place a call');
  });

  it('passes other errors (the network) through unchanged', async () => {
    const down = new Error('socket hang up');
    const chime = fakeChime(() => Promise.reject(down));
    const telephony = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: chime.client });
    await expect(telephony.placeCall({ from: STORE, to: ADVISOR, arguments: {} })).rejects.toBe(down);
    await expect(telephony.hangup('tx-1')).rejects.toBe(down);
  });

  it('fails a placed call Chime answered without a transaction id', async () => {
    const chime = fakeChime(async () => ({ SipMediaApplicationCall: {} }));
    const telephony = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: chime.client });
    await expect(telephony.placeCall({ from: STORE, to: ADVISOR, arguments: {} })).rejects.toThrow(/no transaction id/);
  });

  it('takes a hang-up of a call Chime no longer knows as done, and fails the others', async () => {
    const gone = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: fakeChime(() => Promise.reject(awsError('NotFoundException'))).client });
    await expect(gone.hangup('tx-ended')).resolves.toBeUndefined();

    const throttled = new ChimeTelephony({ sipMediaApplicationId: SMA_ID, client: fakeChime(() => Promise.reject(awsError('ThrottledClientException'))).client });
    await expect(throttled.hangup('tx-1')).rejects.toMatchObject({ name: 'TelephonyError', failure: 'throttled' });
  });
});

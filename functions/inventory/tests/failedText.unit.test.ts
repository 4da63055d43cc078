/**
 * What an inventory order keeps of its texts' delivery (functions/inventory/orders.ts
 * failedTextAfter): the newest text that did not reach the customer, which "resend" sends again,
 * until it goes after all; a text the agent cancelled is not a failure, and an older text failing
 * late does not hide a newer failure.
 */
import { describe, expect, it } from 'vitest';
import { failedTextAfter } from '../orders.js';

const text = (id: string, status: string, extra: { direction?: string; error_code?: string | null } = {}) => ({ id, metadata: { status, direction: 'outbound', ...extra } });

describe('the failed text an order keeps', () => {
  it('keeps a text that came back not sent or undelivered', () => {
    expect(failedTextAfter({ failed_message_id: null }, text('msg_02', 'not sent'))).toEqual({ failed_message_id: 'msg_02' });
    expect(failedTextAfter({ failed_message_id: null }, text('msg_02', 'undelivered'))).toEqual({ failed_message_id: 'msg_02' });
  });

  it('forgets it once it goes after all, and leaves it for any other text that goes', () => {
    expect(failedTextAfter({ failed_message_id: 'msg_02' }, text('msg_02', 'queued'))).toEqual({ failed_message_id: null });
    expect(failedTextAfter({ failed_message_id: 'msg_02' }, text('msg_03', 'delivered'))).toBeNull();
  });

  it('keeps the newest failure, and no cancelled text', () => {
    expect(failedTextAfter({ failed_message_id: 'msg_05' }, text('msg_03', 'not sent'))).toBeNull();
    expect(failedTextAfter({ failed_message_id: 'msg_03' }, text('msg_05', 'not sent'))).toEqual({ failed_message_id: 'msg_05' });
    expect(failedTextAfter({ failed_message_id: null }, text('msg_02', 'not sent', { error_code: 'cancelled' }))).toBeNull();
  });
});

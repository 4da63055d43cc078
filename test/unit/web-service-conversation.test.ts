import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../shared/messages.js';
import { MAX_ATTACHMENT_BYTES, acceptsDroppedFiles, charactersLeft, draftProblem, sendsOnKey } from '../../web/src/components/conversation/composerRules.js';
import { conversationMessages, fresher, hasEarlier, mergeMessage, type MessagePage } from '../../web/src/components/conversation/conversationPages.js';
import { canRetry, deliveryKey } from '../../web/src/components/conversation/MessageBubble.js';
import { composerState } from '../../web/src/features/serviceBoard/orderTexting.js';
import { messagesPagePath } from '../../web/src/features/serviceBoard/requests.js';
import type { Message } from '../../shared/messages.js';
import { aCustomer, aMessage, anOrder } from './web-service-fixtures.js';

function page(messages: Message[], total: number, offset = 0): MessagePage {
  return { messages, meta: { paging: { total, current_offset: offset, per_page: 10 } } };
}

/** Ten messages a minute apart, newest first as the server answers. */
function newestFirst(from: number, count: number): Message[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + count - 1 - i;
    return aMessage(`m${String(n).padStart(2, '0')}`, { created_at: `2025-03-01T10:${String(n).padStart(2, '0')}:00.000Z` });
  });
}

describe('conversation pages', () => {
  it('asks for the latest 10 first, then older pages by offset', () => {
    expect(messagesPagePath('ro_1', 0)).toBe('/api/repair_orders/ro_1/messages?offset=0&limit=10');
    expect(messagesPagePath('ro_1', 2)).toBe('/api/repair_orders/ro_1/messages?offset=20&limit=10');
  });

  it('shows the newest-first pages oldest to newest, each message once though offsets shifted', () => {
    const latest = page(newestFirst(12, 10), 22);
    // Two texts arrived before "load earlier": the next page starts two messages later than it would have.
    const older = page(newestFirst(4, 10), 22, 10);
    const shown = conversationMessages([latest, older]).map((m) => m.id);
    expect(shown).toEqual(Array.from({ length: 18 }, (_, i) => `m${String(i + 4).padStart(2, '0')}`));
  });

  it('offers earlier messages while the server has more, and not after a short page', () => {
    expect(hasEarlier([page(newestFirst(12, 10), 22)])).toBe(true);
    expect(hasEarlier([page(newestFirst(0, 10), 10)])).toBe(false);
    expect(hasEarlier([page(newestFirst(12, 10), 22), page(newestFirst(10, 2), 22, 10)])).toBe(false);
    expect(hasEarlier(undefined)).toBe(false);
  });
});

describe('mergeMessage', () => {
  const queued = aMessage('out1', { created_at: '2025-03-01T10:30:00.000Z', metadata: { direction: 'outbound', status: 'queued', status_at: '2025-03-01T10:30:00.000Z' } });
  const delivered = { ...queued, metadata: { ...queued.metadata, status: 'delivered' as const, status_at: '2025-03-01T10:30:05.000Z' } };

  it('adds a new message to the newest page and counts it', () => {
    const merged = mergeMessage([page(newestFirst(0, 3), 3)], queued);
    expect(merged[0]!.messages[0]!.id).toBe('out1');
    expect(merged[0]!.meta.paging.total).toBe(4);
    expect(conversationMessages(merged).at(-1)!.id).toBe('out1');
  });

  it('moves a known message on to its latest delivery state, wherever it is', () => {
    const merged = mergeMessage([page([queued, ...newestFirst(0, 3)], 4)], delivered);
    expect(conversationMessages(merged).find((m) => m.id === 'out1')!.metadata.status).toBe('delivered');
    expect(merged[0]!.messages).toHaveLength(4);
  });

  it('keeps the later word when a receipt overtook the answer of the send', () => {
    const merged = mergeMessage([page([delivered], 1)], queued);
    expect(merged[0]!.messages[0]!.metadata.status).toBe('delivered');
    expect(fresher(delivered, queued)).toBe(delivered);
  });

  it('takes a retry (newer status time) over the failure it replaces', () => {
    const failed = { ...queued, metadata: { ...queued.metadata, status: 'not sent' as const, status_at: '2025-03-01T10:31:00.000Z' } };
    const retried = { ...queued, metadata: { ...queued.metadata, status: 'queued' as const, status_at: '2025-03-01T10:32:00.000Z' } };
    expect(fresher(failed, retried)).toBe(retried);
  });

  it('leaves a message older than everything loaded to "load earlier"', () => {
    const pages = [page(newestFirst(12, 10), 22)];
    const ancient = aMessage('old', { created_at: '2025-03-01T09:00:00.000Z' });
    expect(mergeMessage(pages, ancient)[0]!.messages.map((m) => m.id)).not.toContain('old');
  });
});

describe('delivery states', () => {
  it('offers a retry only on outbound texts that were not sent or not delivered', () => {
    const out = (status: Message['metadata']['status']) => aMessage('x', { metadata: { direction: 'outbound', status } });
    expect(canRetry(out('not sent'))).toBe(true);
    expect(canRetry(out('undelivered'))).toBe(true);
    expect(canRetry(out('delivered'))).toBe(false);
    expect(canRetry(out('queued'))).toBe(false);
    expect(canRetry(aMessage('y', { metadata: { direction: 'inbound', status: null } }))).toBe(false);
  });

  it('names each state with a locale key', () => {
    expect(deliveryKey('not sent')).toBe('delivery.not_sent');
    expect(deliveryKey('delivered')).toBe('delivery.delivered');
  });
});

describe('composerState', () => {
  const order = (customer: Parameters<typeof aCustomer>[0], extra: Parameters<typeof anOrder>[1] = {}) => anOrder('1', { customer: aCustomer(customer), ...extra });

  it('hides the message bar for an opted-out customer, and for an unknown one in safe mode only', () => {
    expect(composerState(order({ opt_in: 'out' }), { safeMode: false })).toEqual({ kind: 'hidden', reason: 'opted_out' });
    expect(composerState(order({ opt_in: 'unknown' }), { safeMode: true })).toEqual({ kind: 'hidden', reason: 'unknown_in_safe_mode' });
    expect(composerState(order({ opt_in: 'unknown' }), { safeMode: false }).kind).toBe('open');
  });

  it('disables it, with the reason, for a landline, a blocked customer, a closed order or one without advisor', () => {
    expect(composerState(order({ carrier: { type: 'landline' } }), { safeMode: false })).toEqual({ kind: 'disabled', reason: 'landline' });
    expect(composerState(order({ blocked_at: '2025-03-01T00:00:00.000Z' }), { safeMode: false })).toEqual({ kind: 'disabled', reason: 'blocked' });
    expect(composerState(order({}, { closed: true }), { safeMode: false })).toEqual({ kind: 'disabled', reason: 'closed' });
    expect(composerState(order({}, { agent: null }), { safeMode: false })).toEqual({ kind: 'disabled', reason: 'no_advisor' });
  });

  it('warns about a VoIP line but lets the agent send', () => {
    expect(composerState(order({ carrier: { type: 'voip' } }), { safeMode: false })).toEqual({ kind: 'open', warning: 'voip' });
    expect(composerState(order({}), { safeMode: false })).toEqual({ kind: 'open', warning: null });
  });

  it('takes dropped files only when the customer has not opted out', () => {
    expect(acceptsDroppedFiles(order({ opt_in: 'in' }))).toBe(true);
    expect(acceptsDroppedFiles(order({ opt_in: 'out' }))).toBe(false);
  });
});

describe('draftProblem', () => {
  it('refuses a blank text, whitespace included, unless a file goes with it', () => {
    expect(draftProblem('', [])).toEqual({ kind: 'blank' });
    expect(draftProblem(' \n\t ', [])).toEqual({ kind: 'blank' });
    expect(draftProblem('', [{ name: 'photo.jpg', size: 1000 }])).toBeNull();
  });

  it('refuses more than 1600 characters before sending, and counts down to the limit', () => {
    expect(draftProblem('a'.repeat(MESSAGE_MAX_LENGTH), [])).toBeNull();
    expect(draftProblem('a'.repeat(MESSAGE_MAX_LENGTH + 3), [])).toEqual({ kind: 'too_long', over: 3 });
    expect(charactersLeft('a'.repeat(1590))).toBe(10);
    expect(charactersLeft('a'.repeat(1601))).toBe(-1);
  });

  it('refuses a file over 512 MB by name', () => {
    expect(draftProblem('hi', [{ name: 'walkaround.mov', size: MAX_ATTACHMENT_BYTES + 1 }])).toEqual({ kind: 'file_too_large', name: 'walkaround.mov' });
  });

  it('sends on Enter, keeps Shift+Enter for a new line, and leaves an IME composition alone', () => {
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});

/** The stable per-browser id sent as X-OID with every request (SPEC §7). */
import { STORED, readStored, writeStored } from './storage.js';

let memo: string | null = null;

export function deviceId(): string {
  memo ??= readStored(STORED.deviceId);
  if (!memo) {
    memo = randomId();
    writeStored(STORED.deviceId, memo);
  }
  return memo;
}

/** crypto.randomUUID exists only in secure contexts; a console opened over plain http on the shop's LAN still needs an id. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A conversation's calls, whichever board owns it: every path comes from shared/routes.ts, named by
 * the owner, so a board adds no request of its own to talk to its customer.
 */
import { paths, type ConversationAt } from '../../../../shared/routes.js';
import type { EditMessageBody, SendMessageBody, StaffNoteBody } from '../../../../shared/schemas/messages.js';
import type { Message } from '../../../../shared/messages.js';
import { api, send } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';
import type { MessagePage } from './conversationPages.js';

export const fetchMessagePage = (path: string) => api.request<MessagePage>(path);

export interface SentMessage {
  message: Message;
  /** Ids of SEND_WARNINGS (shared/sendingTexts.ts); older servers answered the English text. */
  warnings: string[];
}

/**
 * One send attempt. The key stays the same when the same attempt is tried again (a lost answer),
 * so the server makes one message of it; `onWaiting` hears each time it is asked again. Failures
 * are left to the composer, which words them.
 */
export function postMessage(owner: ConversationAt, body: SendMessageBody, key: string, onWaiting?: () => void): Promise<SentMessage> {
  return requestWithKey<SentMessage>(paths.messages(owner), key, { method: 'POST', body, onWaiting });
}

/** One note to colleagues through the notes route (an agent who reads only the notes); a retry keeps its key, as a text's does. */
export function postNote(owner: ConversationAt, body: StaffNoteBody, key: string, onWaiting?: () => void): Promise<SentMessage> {
  return requestWithKey<SentMessage>(paths.notes(owner), key, { method: 'POST', body, onWaiting });
}

export function retryMessage(messageId: string): Promise<Message> {
  return send<{ message: Message }>(paths.retryMessage(messageId), { method: 'PUT' }).then((b) => b.message);
}

/** A held text's new words and time; failures (409 once it has gone) are worded by send(). */
export function editHeldMessage(messageId: string, body: EditMessageBody): Promise<Message> {
  return send<{ message: Message }>(paths.message(messageId), { method: 'PUT', body }).then((b) => b.message);
}

export function cancelHeldMessage(messageId: string): Promise<Message> {
  return send<{ message: Message }>(paths.cancelMessage(messageId), { method: 'PUT' }).then((b) => b.message);
}

/**
 * Read or unread for the agent (SPEC §7 "Mark read"); the owner answers itself (`{ repair_order }`,
 * `{ appointment }`), which the board that asked merges into its list.
 */
export function markRead<T>(owner: ConversationAt, unread: boolean): Promise<T> {
  return send<T>(paths.markRead(owner, unread), { method: 'PUT' });
}

export interface UploadSlot {
  key: string;
  upload_url: string;
  headers: Record<string, string>;
}

/** An attachment: a slot from the API, then the file PUT straight to storage. */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<{ key: string; name: string; content_type: string; size: number }> {
  const content_type = file.type || 'application/octet-stream';
  const slot = await api.request<UploadSlot>(paths.attachments(), {
    method: 'POST',
    body: { name: file.name, content_type, size: file.size },
    signal,
    expected: { statuses: [400, 413, 422] },
  });
  const response = await fetch(slot.upload_url, { method: 'PUT', body: file, headers: slot.headers, signal });
  if (!response.ok) throw new Error(`Upload failed: HTTP ${response.status}`);
  return { key: slot.key, name: file.name, content_type, size: file.size };
}

/**
 * A voicemail in the customer's conversation (issue 25): the provider's recording is copied into
 * the uploads storage under the company's attachments (where every message attachment lives and is
 * signed for the console), and posted as an INBOUND message whose attachment is the audio, exactly as
 * a text from the customer is posted: unread for everyone, the owner moves up its board, an archived
 * owner comes back, `message.created` announced.
 */
import type { StoredAttachment } from '../messages/records.js';
import { config } from '../lib/config.js';
import { derivedId } from '../lib/ids.js';
import { readStored, s3 } from '../lib/storage.js';
import { newMessage } from '../messages/records.js';
import type { ConversationOwner } from '../messages/owners.js';
import { postToConversation } from '../inbound/texts.js';

export const VOICEMAIL_CONTENT_TYPE = 'audio/wav';

/**
 * Copies the recording to the uploads bucket (the same key on every try: a step applied again
 * overwrites it with the same bytes); answers the message attachment.
 */
export async function storeRecording(companyId: string, callId: string, recording: { bucket: string; key: string }): Promise<StoredAttachment> {
  const bytes = await readStored(recording.bucket, recording.key);
  const key = `attachments/${companyId}/${callId}/voicemail.wav`;
  const { client, PutObjectCommand } = await s3();
  await client.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: bytes, ContentType: VOICEMAIL_CONTENT_TYPE }));
  return { id: derivedId('att', companyId, callId, 'voicemail'), key, name: 'voicemail.wav', content_type: VOICEMAIL_CONTENT_TYPE, size: bytes.byteLength };
}

/** Posts the voicemail (its message id claimed by the call: posting it again stores nothing new); answers the owner as it is now. */
export async function postVoicemail(
  owner: ConversationOwner,
  voicemail: { messageId: string; callId: string; durationSeconds: number; at: string; from: string; to: string; attachment: StoredAttachment },
): Promise<ConversationOwner> {
  const message = newMessage(owner, { id: voicemail.messageId, direction: 'inbound', text: '', at: voicemail.at, from: voicemail.from, to: voicemail.to, attachments: [voicemail.attachment] });
  message.metadata.voicemail = { call_id: voicemail.callId, duration_seconds: voicemail.durationSeconds };
  return postToConversation(owner, message);
}

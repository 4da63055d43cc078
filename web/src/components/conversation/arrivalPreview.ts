/**
 * What a desktop notification says of a message that arrived: its text, else what it is (a
 * voicemail and its length, issue 25; a picture or a file), so the agent knows before opening it.
 */
import type { TFunction } from 'i18next';
import type { Message } from '../../../../shared/messages.js';
import { formatDuration } from './times.js';

export function arrivalPreview(message: Pick<Message, 'text' | 'metadata'>, t: TFunction): string {
  if (message.text) return message.text;
  const voicemail = message.metadata.direction === 'inbound' ? message.metadata.voicemail : undefined;
  if (voicemail) return t('conversation.voicemail', { duration: formatDuration(voicemail.duration_seconds) });
  return t('conversation.attachment_only');
}

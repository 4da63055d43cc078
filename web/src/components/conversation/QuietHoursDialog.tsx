import type { SendMessageBody } from '../../../../shared/schemas/messages.js';
import type { ConversationContext } from './conversationContext.js';
import { QuietHoursQuestion } from './QuietHoursQuestion.js';

type Uploaded = NonNullable<SendMessageBody['message']['attachments']>[number];

/**
 * One send attempt: the same text and files sent again (the answer was lost, the network dropped)
 * keep the same Idempotency-Key, so the server makes one message of them.
 */
export interface Attempt {
  key: string;
  text: string;
  files: File[];
  uploaded: Uploaded[] | null;
}

/** The composer's quiet-hours question (QuietHoursQuestion), about one send attempt. */
export function QuietHoursDialog({
  quiet,
  context,
  onSendAnyway,
  onSchedule,
  onCancel,
}: {
  quiet: { attempt: Attempt; nextWindowAt: string | null } | null;
  context: ConversationContext;
  onSendAnyway: (attempt: Attempt) => void;
  onSchedule: (attempt: Attempt, at: string) => void;
  onCancel: (attempt: Attempt) => void;
}) {
  return (
    <QuietHoursQuestion
      open={quiet !== null}
      nextWindowAt={quiet?.nextWindowAt ?? null}
      locale={context.locale}
      timeZone={context.timeZone}
      onSendAnyway={() => (quiet ? onSendAnyway(quiet.attempt) : undefined)}
      onSchedule={(at) => (quiet ? onSchedule(quiet.attempt, at) : undefined)}
      onCancel={() => (quiet ? onCancel(quiet.attempt) : undefined)}
    />
  );
}

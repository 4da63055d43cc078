import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendMessageBody } from '../../../../shared/schemas/messages.js';
import { Dialog } from '../Dialog.js';
import type { ConversationContext } from './conversationContext.js';
import { formatDateTime } from './times.js';

type Uploaded = SendMessageBody['message']['attachments'][number];

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

/** Outside the location's texting hours (api contract quiet_hours, 409): send anyway, schedule, or not send. */
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
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={quiet !== null} onClose={() => (quiet ? onCancel(quiet.attempt) : undefined)} labelledBy={titleId}>
      {quiet ? (
        <div data-testid="quiet-hours-dialog">
          <h2 className="dialog__title" id={titleId}>
            {t('composer.quiet_title')}
          </h2>
          <p>{t('composer.quiet_text')}</p>
          <div className="dialog__actions dialog__actions--wrap">
            <button type="button" className="button" onClick={() => onCancel(quiet.attempt)}>
              {t('common.cancel')}
            </button>
            {quiet.nextWindowAt ? (
              <button type="button" className="button" data-testid="quiet-schedule" onClick={() => onSchedule(quiet.attempt, quiet.nextWindowAt!)}>
                {t('composer.quiet_schedule', { time: formatDateTime(quiet.nextWindowAt, context.locale, context.timeZone) })}
              </button>
            ) : null}
            <button type="button" className="button button--primary" data-testid="quiet-send-anyway" onClick={() => onSendAnyway(quiet.attempt)} autoFocus>
              {t('composer.quiet_send_anyway')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

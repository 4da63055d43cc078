/**
 * The quiet-hours question (api contract quiet_hours, 409 with next_window_at): outside the
 * location's texting hours a text an agent starts — typed in the composer, or prepared behind a
 * button (vehicle ready, the inspection's "Send to customer", a mass text) — is refused until they
 * answer: send anyway, schedule for the window's start, or not send. One dialog for all of them.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales.js';
import type { Message } from '../../../../shared/messages.js';
import type { QuietHoursAnswer } from '../../../../shared/schemas/messages.js';
import { asErrorBody } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { Dialog } from '../Dialog.js';
import { formatDateTime, formatMoment } from './times.js';

/** The window's start when `error` is the quiet-hours refusal (null when the server named none); undefined for any other failure. */
export function quietHoursRefusal(error: unknown): string | null | undefined {
  if (!(error instanceof ApiError) || error.id !== 'quiet_hours') return undefined;
  const next = asErrorBody(error.body).error?.next_window_at;
  return typeof next === 'string' ? next : null;
}

/** When the text a button wrote is held (scheduled) rather than handed to the carrier: the moment it goes; else null. */
export function heldUntil(message: Pick<Message, 'metadata'> | null | undefined): string | null {
  return message?.metadata.status === 'scheduled' ? message.metadata.send_at : null;
}

/** The moment a held text goes, as toasts and badges say it ("scheduled for 8:00 AM"): the time alone today, with the date otherwise. */
export function scheduledTime(iso: string, locale: Locale, timeZone: string): string {
  return formatMoment(iso, locale, timeZone, Date.now());
}

/** A request's options that leave the quiet-hours refusal to this question (no toast of its own). */
export const QUIET_HOURS_EXPECTED = { ids: ['quiet_hours'] } as const;

export function QuietHoursQuestion({
  open,
  nextWindowAt,
  locale,
  timeZone,
  onSendAnyway,
  onSchedule,
  onCancel,
}: {
  open: boolean;
  nextWindowAt: string | null;
  locale: Locale;
  timeZone: string;
  onSendAnyway: () => void;
  onSchedule: (at: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId}>
      {open ? (
        <div data-testid="quiet-hours-dialog">
          <h2 className="dialog__title" id={titleId}>
            {t('composer.quiet_title')}
          </h2>
          <p>{t('composer.quiet_text')}</p>
          <div className="dialog__actions dialog__actions--wrap">
            <button type="button" className="button" data-testid="quiet-cancel" onClick={onCancel}>
              {t('common.cancel')}
            </button>
            {nextWindowAt ? (
              <button type="button" className="button" data-testid="quiet-schedule" onClick={() => onSchedule(nextWindowAt)}>
                {t('composer.quiet_schedule', { time: formatDateTime(nextWindowAt, locale, timeZone) })}
              </button>
            ) : null}
            <button type="button" className="button button--primary" data-testid="quiet-send-anyway" onClick={onSendAnyway} autoFocus>
              {t('composer.quiet_send_anyway')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * For a button whose request may be refused for quiet hours: `ask(send)` sends with no answer; on
 * the refusal it calls `onAsk` (the caller closes its own dialog) and shows the question, then sends
 * again with the agent's answer, or answers null when they chose not to send. Render `question`.
 */
export function useQuietHoursQuestion(where: { locale: Locale; timeZone: string }) {
  const [asking, setAsking] = useState<{ nextWindowAt: string | null } | null>(null);
  const answer = useRef<((choice: QuietHoursAnswer | null) => void) | null>(null);

  async function ask<T>(send: (choice: QuietHoursAnswer) => Promise<T>, onAsk?: () => void): Promise<T | null> {
    try {
      return await send({});
    } catch (error) {
      const nextWindowAt = quietHoursRefusal(error);
      if (nextWindowAt === undefined) throw error;
      onAsk?.();
      const choice = await new Promise<QuietHoursAnswer | null>((resolve) => {
        answer.current = resolve;
        setAsking({ nextWindowAt });
      });
      return choice ? send(choice) : null;
    }
  }

  function settle(choice: QuietHoursAnswer | null) {
    setAsking(null);
    answer.current?.(choice);
    answer.current = null;
  }

  const question = (
    <QuietHoursQuestion
      open={asking !== null}
      nextWindowAt={asking?.nextWindowAt ?? null}
      locale={where.locale}
      timeZone={where.timeZone}
      onSendAnyway={() => settle({ confirm_quiet_hours: true })}
      onSchedule={(at) => settle({ send_at: at })}
      onCancel={() => settle(null)}
    />
  );
  return { ask, question };
}

/**
 * One run of a job over the appointments its due index listed (the reminders, the prewelcomes): each
 * taken on in turn, counted by its outcome; one that fails is logged and counted skipped, so it does
 * not hold up the others (its due line stays for the next run unless the claim took it).
 */
import { logger } from '../lib/log.js';

export type DueRef = { company_id: string; id: string };

export async function runDue<O extends string>(due: DueRef[], run: Record<O | 'skipped', number>, each: (ref: DueRef) => Promise<O | 'skipped'>, failure: string): Promise<void> {
  for (const ref of due) {
    try {
      run[await each(ref)] += 1;
    } catch (err) {
      logger.error(failure, { company_id: ref.company_id, appointment_id: ref.id, error: (err as Error).message });
      run.skipped += 1;
    }
  }
}

/**
 * Texts the carrier delivered, for other parts of the product that act on it (text-to-pay's request
 * moves to `delivered` when its text reaches the phone): a part registers a listener when its
 * module loads, and the receipt path tells every listener, so the conversation core imports none
 * of them. A listener that fails is logged and undoes nothing of the receipt's own work.
 */
import { logger } from '../lib/log.js';
import type { MessageRecord } from './records.js';

export interface DeliveryListener {
  /** Who listens, for the logs. */
  name: string;
  /** An outbound text moved to `delivered` (once: a repeated receipt does not move it again). */
  delivered(message: MessageRecord): Promise<void>;
}

const listeners: DeliveryListener[] = [];

/** Registers a listener; kept free of imports that run code, as boards register while modules still load. */
export function listenToDeliveries(listener: DeliveryListener): void {
  if (!listeners.some((known) => known.name === listener.name)) listeners.push(listener);
}

export async function tellDelivered(message: MessageRecord): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener.delivered(message);
    } catch (err) {
      logger.error('a delivery listener failed', { listener: listener.name, message_id: message.id, error: err as Error });
    }
  }
}

/**
 * A mass text (SPEC §1 "mass messages"): one text to a selection of any board's records, sent in the
 * background, its progress watched live (`mass_message.progress`).
 */
import type { AgentRef } from './people.js';

/** A mass text's progress (SPEC §1 mass messages): counted per recipient, live on screen. */
export interface MassMessage {
  id: string;
  location_id: string;
  /** The board whose records it texts (functions/boards.ts names: `service`, `appointments`, …). */
  board: string;
  text: string;
  state: 'running' | 'finished';
  total: number;
  /** Recipients whose text the carrier has (handed over). */
  sent: number;
  /** Recipients whose text is held for later (the end of quiet hours, or the time the agent chose): not sent yet. */
  scheduled: number;
  /** When the held texts go (the earliest), or null when none is held. */
  scheduled_for: string | null;
  /** Recipients not texted, by reason id (opted_out, landline, blocked, no_cell, refused ids of SEND_ERRORS). */
  skipped: Record<string, number>;
  failed: number;
  created_at: string;
  finished_at: string | null;
  agent: AgentRef;
}

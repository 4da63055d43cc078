/**
 * Brings every board (functions/boards.ts): each board's declaration imports its owner port, which
 * registers itself with the conversation core. A Lambda entry that sends, threads or delivers texts
 * imports this once, as do tests that call the core directly.
 */
import '../boards.js';

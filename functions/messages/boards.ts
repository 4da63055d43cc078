/**
 * Loads every board's code (functions/boards.ts lists the boards; each one's `runtime` loads its
 * `runtime.ts`), which registers each board's owner port with the conversation core. A Lambda entry
 * that sends, threads or delivers texts imports this once. Nothing a board's code imports may import
 * it: that module would wait on itself (test/unit/board-seams.test.ts holds it).
 */
import { loadBoards } from './owners.js';

await loadBoards();

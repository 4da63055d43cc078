/** Every board (functions/boards.ts), as a Lambda entry that converses brings them: tests call the core in process. */
import '../../functions/messages/boards.js';

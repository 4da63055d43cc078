/** The service board's code (functions/lib/boardModule.ts `runtime`): it registers the board's owner port. */
import './owner.js';

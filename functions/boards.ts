/**
 * The boards of the product, one line each (DESIGN.md "A board is its own folder",
 * docs/adding-a-board.md). A board's folder declares everything the rest of the system needs to
 * know about it in its `board.ts` (functions/lib/boardModule.ts); the API, the jobs, settings,
 * inbound threading, the event stream, the local stack and the generated route tests read this list.
 */
export { board as service } from './repairOrders/board.js';
export { board as technician } from './inspections/board.js';
export { board as appointments } from './appointments/board.js';
export { board as guests } from './guests/board.js';
export { board as inventory } from './inventory/board.js';
export { board as employees } from './employees/board.js';
export { board as chat } from './chat/board.js';
export { board as csi } from './csi/board.js';
export { board as payments } from './payments/board.js';
export { board as gallery } from './gallery/board.js';
export { board as visits } from './visits/board.js';
export { board as templates } from './templates/board.js';
export { board as users } from './users/board.js';
export { board as wizard } from './wizard/board.js';
export { board as tallies } from './tallies/board.js';
export { board as history } from './history/board.js';
export { board as reports } from './reports/board.js';
export { board as calls } from './calls/board.js';

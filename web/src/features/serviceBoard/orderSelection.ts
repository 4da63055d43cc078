/**
 * Which repair orders a mass text goes to: the shared selection model (components/massText/selection.ts)
 * over the board's orders (board `service`), whose customers' opt-out the "skip opted-out" box reads.
 * "All" is the list the agent sees, as the server reads it too: an advisor's inbox, a manager's board.
 */
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { boardSelection } from '../../components/massText/selection.js';

export const orderSelection = boardSelection<RepairOrder>('service', (order) => order.customer.opt_in === 'out');

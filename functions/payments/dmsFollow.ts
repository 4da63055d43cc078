/**
 * Text-to-pay follows the DMS (functions/repairOrders/moments.ts) and the carrier's receipts
 * (functions/messages/deliveries.ts), registered when the board's declaration loads. A static
 * import: a dynamic import() of project code makes esbuild wrap the modules it reaches and keep
 * every export of their packages (all of date-fns, zod's locales).
 */
import { listenToDeliveries } from '../messages/deliveries.js';
import { listenToRepairOrders } from '../repairOrders/moments.js';
import { followDmsChange, markDelivered } from './requests.js';

listenToRepairOrders({ name: 'payments', dmsChanged: (after, created) => followDmsChange(after, created) });
listenToDeliveries({
  name: 'payments',
  delivered: async (message) => {
    await markDelivered(message);
  },
});

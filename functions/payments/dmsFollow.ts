/**
 * Text-to-pay follows the DMS (functions/dms/orderListeners.ts): registered when the board's
 * declaration loads; the work itself is loaded on the first change, so Lambdas that never see the
 * DMS feed do not pay for it at start.
 */
import { onDmsOrderChange } from '../dms/orderListeners.js';

onDmsOrderChange(async (after, _transition, created) => {
  const { followDmsChange } = await import('./requests.js');
  await followDmsChange(after, created);
});

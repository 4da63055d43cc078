/**
 * Text-to-pay follows the DMS (functions/dms/orderListeners.ts), registered when the board's
 * declaration loads. A static import: a dynamic import() of project code makes esbuild wrap the
 * modules it reaches and keep every export of their packages (all of date-fns, zod's locales).
 */
import { onDmsOrderChange } from '../dms/orderListeners.js';
import { followDmsChange } from './requests.js';

onDmsOrderChange((after, _transition, created) => followDmsChange(after, created));

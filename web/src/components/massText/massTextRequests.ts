/** A mass text's calls (SPEC §7 `{loc}/mass_messages`, `/api/mass_messages/{id}`), for every board that offers them. */
import type { MassMessage } from '../../../../shared/massTexts.js';
import { paths } from '../../../../shared/routes.js';
import type { MassMessageBody } from '../../../../shared/schemas/massTexts.js';
import { api } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';
import { QUIET_HOURS_EXPECTED } from '../conversation/QuietHoursQuestion.js';

/** One text to the selection; the key makes a retried request send nothing twice. The quiet-hours refusal is the caller's question. */
export function startMassMessage(locationId: string, body: MassMessageBody, key: string): Promise<MassMessage> {
  return requestWithKey<{ mass_message: MassMessage }>(paths.massMessages(locationId), key, { method: 'POST', body, expected: QUIET_HOURS_EXPECTED }).then(
    (b) => b.mass_message,
  );
}

export function fetchMassMessage(id: string): Promise<MassMessage> {
  return api.request<{ mass_message: MassMessage }>(paths.massMessage(id)).then((b) => b.mass_message);
}

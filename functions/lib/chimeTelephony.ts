/** Telephony in AWS: Amazon Chime SDK PSTN audio (functions/lib/telephony.ts). Being written (issue 25). */
import type { PlaceCall, Telephony } from './telephony.js';

export class ChimeTelephony implements Telephony {
  async placeCall(_call: PlaceCall): Promise<{ transactionId: string }> {
    throw new Error('Chime telephony is not written yet');
  }
  async hangup(_transactionId: string): Promise<void> {
    throw new Error('Chime telephony is not written yet');
  }
}

/**
 * Sending a wake-up signal: IoT Data Plane's HTTPS Publish, to AWS IoT Core in AWS and to the local
 * broker's copy of that API locally (SIGNALS_ENDPOINT), with the same SDK client. A signal is a
 * hint: when it cannot be sent the event is still in the log, and the streams find it with their
 * safety-net read, so a failure is logged (once a minute at most) and never fails the change.
 */
import type { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { config } from '../config.js';
import { logger } from '../log.js';
import { encodeSignal, type SignalPayload } from './topics.js';

/** IoT answers in tens of milliseconds; a request waiting longer is not worth holding a change for. */
const CONNECT_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1_000;
const WARN_EVERY_MS = 60_000;

let client: Promise<{ dataPlane: IoTDataPlaneClient; Publish: typeof import('@aws-sdk/client-iot-data-plane').PublishCommand }> | undefined;

/** Loaded on the first signal: a function that only reads never pays for the client at cold start. */
function dataPlane(endpoint: string) {
  client ??= import('@aws-sdk/client-iot-data-plane').then(({ IoTDataPlaneClient, PublishCommand }) => ({
    dataPlane: new IoTDataPlaneClient({
      region: config.region,
      endpoint,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
    }),
    Publish: PublishCommand,
  }));
  return client;
}

let failures = 0;
let lastWarning = 0;

/** Sends one signal (a body, or one already encoded); answers whether it went out. Never throws. */
export async function sendSignal(topic: string, payload: SignalPayload | Uint8Array): Promise<boolean> {
  const endpoint = config.signalsEndpoint;
  if (!endpoint) return false;
  try {
    const { dataPlane: iot, Publish } = await dataPlane(endpoint);
    await iot.send(new Publish({ topic, payload: payload instanceof Uint8Array ? payload : encodeSignal(payload), qos: 0 }));
    return true;
  } catch (err) {
    failures += 1;
    if (Date.now() - lastWarning >= WARN_EVERY_MS) {
      logger.warn('signal not sent: open streams will find the event with their safety-net read', {
        error: (err as Error).name,
        reason: (err as Error).message,
        failed_since_last_warning: failures,
      });
      lastWarning = Date.now();
      failures = 0;
    }
    return false;
  }
}

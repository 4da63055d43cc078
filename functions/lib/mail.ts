/**
 * Outbound e-mail through an adapter chosen by configuration: SES in AWS, the local carrier's
 * outbox (which a person and the tests can read) on the local stack.
 */
import { config } from './config.js';
import { lazyChunk, MAIL_CHUNK } from './lazyChunk.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Only sign-in links and password resets send mail: the SES client (sesMail.ts, a chunk of its own)
 * is loaded by the first of them, so the functions that carry this module start without it.
 */
const sesMail = lazyChunk<typeof import('./sesMail.js')>(MAIL_CHUNK.file, import.meta.url);

class SesMailer implements Mailer {
  async send(mail: Mail): Promise<void> {
    const { sendWithSes } = await sesMail();
    await sendWithSes(mail);
  }
}

/** The local carrier (infra/local) keeps an outbox at LOCAL_CARRIER_URL. */
class LocalCarrierMailer implements Mailer {
  constructor(private readonly url: string) {}
  async send(mail: Mail): Promise<void> {
    const res = await fetch(`${this.url}/mail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...mail, from: config.mailFrom }),
    });
    if (!res.ok) throw new Error(`Local carrier refused mail: ${res.status}`);
  }
}

let mailer: Mailer | undefined;
export function mail(): Mailer {
  mailer ??= process.env.MAIL_TRANSPORT === 'local' ? new LocalCarrierMailer(process.env.LOCAL_CARRIER_URL ?? '') : new SesMailer();
  return mailer;
}

/**
 * Outbound e-mail through an adapter chosen by configuration: SES in AWS, the local carrier's
 * outbox (which a person and the tests can read) on the local stack.
 */
import { config } from './config.js';
import { lazyChunk, MAIL_CHUNK } from './lazyChunk.js';

/** A file sent with an e-mail (a scheduled report). */
export interface MailAttachment {
  file_name: string;
  content_type: string;
  content: Uint8Array;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sign-in links, password resets and scheduled reports send mail: the SES client (sesMail.ts, a chunk of its own)
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
      body: JSON.stringify({
        ...mail,
        from: config.mailFrom,
        attachments: mail.attachments?.map((a) => ({ file_name: a.file_name, content_type: a.content_type, content_base64: Buffer.from(a.content).toString('base64') })),
      }),
    });
    if (!res.ok) throw new Error(`Local carrier refused mail: ${res.status}`);
  }
}

let mailer: Mailer | undefined;
export function mail(): Mailer {
  mailer ??= process.env.MAIL_TRANSPORT === 'local' ? new LocalCarrierMailer(process.env.LOCAL_CARRIER_URL ?? '') : new SesMailer();
  return mailer;
}

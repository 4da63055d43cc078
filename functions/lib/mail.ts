/**
 * Outbound e-mail through an adapter chosen by configuration: SES in AWS, the local carrier's
 * outbox (which a person and the tests can read) on the local stack.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

class SesMailer implements Mailer {
  private readonly client = new SESv2Client({ region: config.region });
  async send(mail: Mail): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: config.mailFrom,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
      }),
    );
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

/** Mail through Amazon SES; mail.ts loads this module (a chunk of its own beside the bundle: MAIL_CHUNK) when the first mail goes out. */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config.js';
import type { Mail } from './mail.js';

let client: SESv2Client | undefined;

export async function sendWithSes(mail: Mail): Promise<void> {
  client ??= new SESv2Client({ region: config.region });
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject },
          Body: { Text: { Data: mail.text } },
          ...(mail.attachments?.length
            ? { Attachments: mail.attachments.map((a) => ({ FileName: a.file_name, ContentType: a.content_type, RawContent: a.content, ContentDisposition: 'ATTACHMENT' as const })) }
            : {}),
        },
      },
    }),
  );
}

/**
 * A scheduled report's e-mail through SES (AWS): the file goes as an attachment of the simple
 * message (SESv2 `Content.Simple.Attachments`), and mail without files is sent as before.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendWithSes } from '../../lib/sesMail.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendWithSes', () => {
  it('attaches the report file with its name and type', async () => {
    const sent: SendEmailCommand[] = [];
    vi.spyOn(SESv2Client.prototype, 'send').mockImplementation(async (command: unknown) => {
      sent.push(command as SendEmailCommand);
      return {};
    });
    const content = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);

    await sendWithSes({ to: 'boss@harbor.example', subject: 'Your report: CSI', text: 'Attached.', attachments: [{ file_name: 'CSI.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content }] });

    expect(sent).toHaveLength(1);
    const simple = sent[0]!.input.Content?.Simple;
    expect(sent[0]!.input.Destination?.ToAddresses).toEqual(['boss@harbor.example']);
    expect(simple?.Subject?.Data).toBe('Your report: CSI');
    expect(simple?.Attachments).toEqual([
      { FileName: 'CSI.xlsx', ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', RawContent: content, ContentDisposition: 'ATTACHMENT' },
    ]);
  });

  it('sends plain mail (a sign-in link) without an attachments field', async () => {
    const sent: SendEmailCommand[] = [];
    vi.spyOn(SESv2Client.prototype, 'send').mockImplementation(async (command: unknown) => {
      sent.push(command as SendEmailCommand);
      return {};
    });
    await sendWithSes({ to: 'a@b.example', subject: 'Sign in', text: 'link' });
    expect(sent[0]!.input.Content?.Simple).not.toHaveProperty('Attachments');
  });
});

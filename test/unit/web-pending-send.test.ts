/**
 * A text whose answer is not known yet (issue 18 §4): while the console asks again with the same
 * key it reads "sending", and once it stops waiting it reads "not confirmed yet" with a way to ask
 * again under that key only: never "failed", never a resend, in every language.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickerLocales } from '../../shared/locales.js';
import { PendingBubble, type PendingMessage } from '../../web/src/components/conversation/PendingBubble.js';
import type { ConversationContext } from '../../web/src/components/conversation/conversationContext.js';
import { i18n, initI18n, loadCatalogue } from '../../web/src/lib/i18n.js';

const context: ConversationContext = { agentId: 'agt_1', locationId: 'loc_1', timeZone: 'America/New_York', locale: 'en-us', manager: false, safeMode: false };
const LANGUAGES = pickerLocales(false);

beforeAll(async () => {
  await initI18n();
  for (const locale of LANGUAGES) i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
});

const pending = (change: Partial<PendingMessage> = {}): PendingMessage => ({ key: 'k1', text: 'Your car is ready', fileNames: [], created_at: new Date().toISOString(), ...change });
/** A text as React writes it into markup. */
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
const t = (key: string) => escaped(i18n.t(key));
const render = (p: PendingMessage) => renderToStaticMarkup(createElement(PendingBubble, { pending: p, context, now: Date.now() }));

describe('a sent text whose answer is not known yet', () => {
  it('reads "sending" while asked again, and "not confirmed yet" with "check again" after, never "failed", in every language', async () => {
    for (const locale of LANGUAGES) {
      await i18n.changeLanguage(locale);
      const waiting = render(pending({ state: 'waiting' }));
      const unconfirmed = render(pending({ state: 'unconfirmed', checkAgain: () => undefined }));

      expect(waiting, locale).toContain(t('conversation.pending_waiting'));
      expect(waiting, locale).not.toContain('data-testid="pending-check"');
      expect(unconfirmed, locale).toContain(t('conversation.pending_unconfirmed'));
      expect(unconfirmed, locale).toContain(t('conversation.pending_check'));
      for (const html of [waiting, unconfirmed]) {
        expect(html, locale).not.toContain(t('composer.send_failed'));
        expect(html, locale).not.toContain(t('delivery.not_sent'));
        expect(html, locale).not.toContain('data-testid="message-retry"');
      }
      expect(new Set([i18n.t('conversation.pending_waiting'), i18n.t('conversation.pending_unconfirmed'), i18n.t('delivery.queued')]).size, locale).toBe(3);
    }
    await i18n.changeLanguage('en-us');
  });

  it('starts as queued, as before', async () => {
    await i18n.changeLanguage('en-us');
    expect(render(pending())).toContain(t('delivery.queued'));
  });
});

import { describe, expect, it } from 'vitest';
import { matches } from '../faq.js';
import { supportContacts } from '../supportContacts.js';

describe('the help page’s support contacts', () => {
  it('falls back to the fictional 555-01xx numbers and example.com, and offers no download nobody configured', () => {
    const contacts = supportContacts({});
    expect(contacts.phone).toMatch(/^\+1\d{3}55501\d\d$/);
    expect(contacts.text).toMatch(/^\+1\d{3}55501\d\d$/);
    expect(contacts.email).toMatch(/@example\.com$/);
    expect(contacts.downloads).toEqual({ tray_app: null, quick_support: null, translation_extension: null });
  });

  it('takes what the deploy set, but only web addresses as downloads', () => {
    const contacts = supportContacts({
      VITE_SUPPORT_PHONE: ' +16175550177 ',
      VITE_SUPPORT_EMAIL: 'help@dealer.example.com',
      VITE_TRAY_APP_URL: 'https://downloads.example.com/tray.msi',
      VITE_QUICK_SUPPORT_URL: 'javascript:alert(1)',
      VITE_TRANSLATION_EXTENSION_URL: 'not a url',
    });
    expect(contacts.phone).toBe('+16175550177');
    expect(contacts.email).toBe('help@dealer.example.com');
    expect(contacts.downloads).toEqual({ tray_app: 'https://downloads.example.com/tray.msi', quick_support: null, translation_extension: null });
  });
});

describe('the FAQ search', () => {
  it('finds a question when every word is in it or its answer, whatever the case and accents', () => {
    expect(matches('desinscrit stop', 'Un client a répondu STOP.', 'Dès qu’un client s’est désinscrit…')).toBe(true);
    expect(matches('', 'Anything', '')).toBe(true);
    expect(matches('payment quiet', 'How do I send a payment request?', 'Open the repair order.')).toBe(false);
  });
});

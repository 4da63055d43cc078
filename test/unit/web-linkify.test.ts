/**
 * Links in message bubbles (issue 18 §6): an http(s) address a text carries becomes a link that
 * opens in a new tab; no other scheme does, punctuation closing the sentence stays outside it, and
 * markup in a text stays text.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkify, linkParts } from '../../web/src/components/conversation/linkify.js';

const links = (text: string) => linkParts(text).filter((p) => p.kind === 'link').map((p) => p.text);
const html = (text: string) => renderToStaticMarkup(createElement('p', null, linkify(text)));

describe('linkParts', () => {
  it('finds http and https addresses and keeps the text around them whole', () => {
    const text = 'Demo Motors North: your inspection is ready: https://console.example/i/abc123?x=1#top see you at http://demo.example/visit';
    expect(links(text)).toEqual(['https://console.example/i/abc123?x=1#top', 'http://demo.example/visit']);
    expect(linkParts(text).map((p) => p.text).join('')).toBe(text);
  });

  it('leaves trailing punctuation out of the address', () => {
    expect(links('Look: https://a.example/x.')).toEqual(['https://a.example/x']);
    expect(links('(see https://a.example/x), then https://b.example/y!?')).toEqual(['https://a.example/x', 'https://b.example/y']);
    expect(links('“https://a.example/q”')).toEqual(['https://a.example/q']);
    // A bracket the address opened is part of it.
    expect(links('https://en.wikipedia.org/wiki/Brake_(vehicle).')).toEqual(['https://en.wikipedia.org/wiki/Brake_(vehicle)']);
  });

  it('makes no other scheme a link', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example/a', 'mailto:a@b.example', 'www.example.com', 'tel:+16175551001', 'JaVaScRiPt://x.example']) {
      expect(links(text)).toEqual([]);
    }
    expect(links('xhttps://evil.example')).toEqual([]);
    expect(links('https://')).toEqual([]);
  });
});

describe('linkify', () => {
  it('renders links that open in a new tab without the opener', () => {
    expect(html('Ready: https://a.example/i/1.')).toBe(
      '<p>Ready: <a href="https://a.example/i/1" target="_blank" rel="noopener noreferrer" class="bubble__link">https://a.example/i/1</a>.</p>',
    );
  });

  it('keeps markup in a text as text', () => {
    const out = html('<img src=x onerror=alert(1)> https://a.example/"><script>alert(1)</script>');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('href="https://a.example/"');
  });

  it('leaves a text without an address as it was', () => {
    expect(html('Your car is ready. javascript:alert(1)')).toBe('<p>Your car is ready. javascript:alert(1)</p>');
  });
});

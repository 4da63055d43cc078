/**
 * Links in a text as the customer's phone would show them: only http(s) addresses become links
 * (a text is written by anyone, so no other scheme is trusted), opened in a new tab without handing
 * the console's window to the page. The text is split into plain strings and React elements; no
 * markup is ever parsed from it.
 */
import { createElement, Fragment, type ReactNode } from 'react';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address runs to the next space or angle bracket/quote; the scheme must start a word.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that closes a sentence around an address belongs to the sentence, not the address.
const TRAILING = '.,;:!?)]}\'"»”’';
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops trailing punctuation, but keeps a closing bracket the address itself opened (Wikipedia-style paths). */
function trimAddress(candidate: string): string {
  let address = candidate;
  while (address && TRAILING.includes(address.charAt(address.length - 1))) {
    const last = address.charAt(address.length - 1);
    const open = PAIRS[last];
    if (open && count(address, open) >= count(address, last)) break;
    address = address.slice(0, -1);
  }
  return address;
}

function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The text cut into plain runs and http(s) links. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  const push = (plain: string) => {
    if (!plain) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += plain;
    else parts.push({ kind: 'text', text: plain });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    push(text.slice(from, start));
    if (href) {
      parts.push({ kind: 'link', text: address, href });
    } else {
      push(address);
    }
    from = start + address.length;
  }
  push(text.slice(from));
  return parts;
}

/** The text with its http(s) addresses as links, for a bubble's paragraph. */
export function linkify(text: string, linkClass = 'bubble__link'): ReactNode {
  return createElement(
    Fragment,
    null,
    ...linkParts(text).map((part, i) =>
      part.kind === 'link'
        ? createElement('a', { key: i, href: part.href, target: '_blank', rel: 'noopener noreferrer', className: linkClass }, part.text)
        : createElement(Fragment, { key: i }, part.text),
    ),
  );
}

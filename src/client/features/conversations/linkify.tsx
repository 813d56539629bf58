import type { ReactNode } from 'react';

/**
 * Web addresses in a message: http(s), or starting with www, up to a space or markup (the
 * byte-order mark counts as a space to \s but is hidden, so it does not end an address).
 */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)(?:[^\s<>"]|\uFEFF)+/gi;
/** A punctuation mark that ends a sentence rather than the address. */
const TRAILING = /^[.,;:!?)\]}'"]$/;
/**
 * Characters that change how an address reads without showing: bidirectional controls (embeddings,
 * overrides, isolates, marks) and invisible ones (zero-width spaces and joiners, the soft hyphen,
 * word joiner and invisible operators, the byte-order mark, variation selectors, tags).
 */
const HIDDEN_CHARACTER =
  /[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u180B|\u180C|\u180D|\u180E|\u180F|[\uFE00-\uFE0F]|[\u{E0000}-\u{E0FFF}]/u;
const HIDDEN = new RegExp(HIDDEN_CHARACTER.source, 'gu');
const isTrailing = (character: string) => TRAILING.test(character) || HIDDEN_CHARACTER.test(character);

export type TextPart = { text: string } | { text: string; href: string };

/**
 * The address a found text opens, or null when it must not be a link: not http(s), not an address,
 * or carrying user-info (`www.bank.example@evil.example` reads as the bank and opens evil.example).
 */
function addressOf(found: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(found) ? found : `https://${found}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href;
}

/**
 * Splits a message into text and web addresses (only http and https; nothing else becomes a link).
 * A link's text is the address it opens, exactly as the browser will read it: hidden characters
 * dropped, the host in its ASCII form (a look-alike letter shows as xn--), anything else
 * percent-encoded. A would-be link with user-info stays text.
 */
export function splitLinks(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index;
    // The address ends before any run of sentence punctuation (and hidden characters) at its end.
    const characters = Array.from(match[0]);
    let end = characters.length;
    while (end > 0 && isTrailing(characters[end - 1] ?? '')) end -= 1;
    const written = characters.slice(0, end).join('');
    const href = addressOf(written.replace(HIDDEN, ''));
    if (href === null) continue;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: href, href });
    last = start + written.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/**
 * A message's text as React text nodes, its web addresses as links that pass nothing on (never
 * HTML). Each link is its own left-to-right island, so bidirectional text around it cannot
 * reorder the address it shows.
 */
export function MessageText({ body }: { body: string }): ReactNode {
  return splitLinks(body).map((part, index) =>
    'href' in part ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <a key={index} href={part.href} dir="ltr" rel="noopener noreferrer nofollow ugc" target="_blank">
        {part.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <span key={index}>{part.text}</span>
    ),
  );
}

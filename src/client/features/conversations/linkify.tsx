import type { ReactNode } from 'react';

/** Web addresses in a message: http(s), or starting with www. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export type TextPart = { text: string } | { text: string; href: string };

/** Splits a message into text and web addresses (only http and https; nothing else becomes a link). */
export function splitLinks(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index;
    const found = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ text: body.slice(last, start) });
    const href = /^https?:\/\//i.test(found) ? found : `https://${found}`;
    parts.push({ text: found, href });
    last = start + found.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/** A message's text as React text nodes, its web addresses as links that pass nothing on (never HTML). */
export function MessageText({ body }: { body: string }): ReactNode {
  return splitLinks(body).map((part, index) =>
    'href' in part ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <a key={index} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank">
        {part.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <span key={index}>{part.text}</span>
    ),
  );
}

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageText, splitLinks } from './linkify';

const links = (body: string) => splitLinks(body).filter((part) => 'href' in part);

describe('splitLinks', () => {
  it('keeps plain text as it is, markup included', () => {
    expect(splitLinks('Hi <b>there</b> & bye')).toEqual([{ text: 'Hi <b>there</b> & bye' }]);
  });

  it('turns http(s) and www addresses into links showing the address they open, leaving the sentence punctuation out', () => {
    expect(splitLinks('See https://example.com/a?b=1. Or www.walsh.edu!')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Or ' },
      { text: 'https://www.walsh.edu/', href: 'https://www.walsh.edu/' },
      { text: '!' },
    ]);
  });

  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x')).toEqual([
      { text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });

  it('refuses an address with user-info: it reads as one host and opens another', () => {
    for (const body of [
      'Pay at www.@evil.example today',
      'Pay at www.bc.edu@evil.example today',
      'Pay at https://bc.edu@evil.example/pay today',
      'Pay at https://bc.edu:pass@evil.example today',
      'Pay at https://bc.edu%40x@evil.example today',
    ]) {
      expect(splitLinks(body)).toEqual([{ text: body }]);
    }
    // An @ in the path is not user-info.
    expect(links('https://example.com/@walsh')).toEqual([
      { text: 'https://example.com/@walsh', href: 'https://example.com/@walsh' },
    ]);
  });

  it('drops bidi controls and invisible characters from a link: its text is the address it opens', () => {
    const hidden = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E', // embeddings and overrides
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069', // isolates
      '\u200E',
      '\u200F',
      '\u061C', // marks
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD', // zero-width, word joiner, BOM, soft hyphen
    ];
    for (const character of hidden) {
      const [link] = links(`see https://bc${character}.edu.evil.example/fdp${character}.exe now`);
      expect(link).toEqual({
        text: 'https://bc.edu.evil.example/fdp.exe',
        href: 'https://bc.edu.evil.example/fdp.exe',
      });
    }
    // Right-to-left override: 'https://example.com/‮exe.pdf' reads as ending in fdp.exe.
    expect(links('https://example.com/\u202Eexe.pdf')).toEqual([
      { text: 'https://example.com/exe.pdf', href: 'https://example.com/exe.pdf' },
    ]);
    // A hidden character after the address stays in the text around it.
    expect(splitLinks('https://example.com/a.\u200B next')).toEqual([
      { text: 'https://example.com/a', href: 'https://example.com/a' },
      { text: '.\u200B next' },
    ]);
  });

  it('shows a look-alike host in the ASCII form the browser opens, and nothing unencoded', () => {
    // A Cyrillic 'е' in place of the Latin one.
    const [link] = links('https://\u0435xample.com/\u00e9t\u00e9');
    expect(link).toEqual({
      text: 'https://xn--xample-2of.com/%C3%A9t%C3%A9',
      href: 'https://xn--xample-2of.com/%C3%A9t%C3%A9',
    });
    for (const part of links('https://\u0435xample.com/\u05d0?q=\u0627#\u202E')) {
      expect(part.text).toMatch(/^[\x21-\x7e]+$/);
    }
  });

  it('covers the whole message: the parts put back together are the message, less the hidden characters of its links', () => {
    const body = 'a \u202Ehttps://x.example/\u200Bp, b www.@y.example c';
    const parts = splitLinks(body);
    // The override before the link stays in the text (the link is drawn as a left-to-right island).
    expect(parts.map((part) => part.text).join('')).toBe('a \u202Ehttps://x.example/p, b www.@y.example c');
  });
});

describe('MessageText', () => {
  it('draws each link as a left-to-right island whose text is its address', () => {
    const html = renderToStaticMarkup(
      createElement(MessageText, { body: '\u202Eabc www.walsh.edu/\u200Bx. www.@evil.example' }),
    );
    expect(html).toBe(
      '<span>\u202Eabc </span><a href="https://www.walsh.edu/x" dir="ltr" rel="noopener noreferrer nofollow ugc" target="_blank">https://www.walsh.edu/x</a><span>. www.@evil.example</span>',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('keeps plain text as it is, markup included', () => {
    expect(splitLinks('Hi <b>there</b> & bye')).toEqual([{ text: 'Hi <b>there</b> & bye' }]);
  });

  it('turns http(s) and www addresses into links, leaving the sentence punctuation out', () => {
    expect(splitLinks('See https://example.com/a?b=1. Or www.walsh.edu!')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Or ' },
      { text: 'www.walsh.edu', href: 'https://www.walsh.edu' },
      { text: '!' },
    ]);
  });

  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x')).toEqual([
      { text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });
});

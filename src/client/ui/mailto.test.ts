import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('leaves a plain address readable', () => {
    expect(mailtoHref('maeve.kelly@bc.edu')).toBe('mailto:maeve.kelly@bc.edu');
    expect(mailtoHref("o'brien+rooms@bc.edu")).toBe("mailto:o'brien%2Brooms@bc.edu");
  });

  it('turns header fields and lists into part of the one address', () => {
    const href = new URL(mailtoHref('victim@bc.edu?bcc=thief@evil.example&subject=hi'));
    expect(href.search).toBe('');
    expect(href.pathname).toBe('victim@bc.edu%3Fbcc%3Dthief@evil.example%26subject%3Dhi');
    expect(mailtoHref('a@bc.edu,b@evil.example')).toBe('mailto:a@bc.edu%2Cb@evil.example');
    expect(mailtoHref('a@bc.edu%3Fcc=x')).toBe('mailto:a@bc.edu%253Fcc%3Dx');
  });
});

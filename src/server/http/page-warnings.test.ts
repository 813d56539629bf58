import { describe, expect, it } from 'vitest';
import { WARNING_SEEN_COOKIE } from '../../shared/page-warnings';
import { pageWarningsHtml } from './page-warnings';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/153.0.0.0 Safari/537.36';

describe('the warnings drawn over a page', () => {
  it('draws the narrow-screen warning until it is answered, its text escaped', () => {
    const html = pageWarningsHtml({
      userAgent: desktop,
      cookie: '',
      productName: 'Rooms <&> "Co"',
      page: '/postings?q="x"',
    });
    expect(html).toContain('data-warning="mobile"');
    expect(html).toContain('Rooms &lt;&amp;&gt; &quot;Co&quot; is not optimized');
    // A plain form: answered before the scripts, or without them, the server remembers it.
    expect(html).toContain('<form method="post" action="/api/forms/page-warnings">');
    expect(html).toContain('<input type="hidden" name="warning" value="mobile">');
    expect(html).toContain('<input type="hidden" name="returnTo" value="/postings?q=&quot;x&quot;">');
    expect(html).toContain('<button class="button-primary">I wish to continue anyway</button></form>');
    const answered = `a=b; ${WARNING_SEEN_COOKIE.mobile}=1; c=d`;
    expect(pageWarningsHtml({ userAgent: desktop, cookie: answered, productName: 'Quadmates', page: '/' })).toBe('');
  });

  it('reads only its own cookie, with the answer it writes', () => {
    for (const cookie of [`x${WARNING_SEEN_COOKIE.mobile}=1`, `${WARNING_SEEN_COOKIE.mobile}=0`]) {
      expect(pageWarningsHtml({ userAgent: desktop, cookie, productName: 'Quadmates', page: '/' })).toContain(
        'data-warning="mobile"',
      );
    }
  });

  it('adds the in-app browser warning inside Instagram or LinkedIn, above the other', () => {
    const linkedIn = pageWarningsHtml({
      userAgent: `${desktop} LinkedInApp`,
      cookie: '',
      productName: 'Quadmates',
      page: '/',
    });
    expect(linkedIn).toContain('LinkedIn In-App Browser Warning');
    expect(linkedIn.indexOf('data-warning="mobile"')).toBeLessThan(linkedIn.indexOf('data-warning="inAppBrowser"'));
    const answered = `${WARNING_SEEN_COOKIE.inAppBrowser}=1; ${WARNING_SEEN_COOKIE.mobile}=1`;
    expect(
      pageWarningsHtml({
        userAgent: `${desktop} Instagram 300`,
        cookie: answered,
        productName: 'Quadmates',
        page: '/',
      }),
    ).toBe('');
  });
});

/**
 * The warnings every page shows over itself (docs/product-spec.md: the in-app browser's warning and the 'Mobile
 * Warning' under 426 px), drawn in the page's HTML (decision 0030): they paint with the page, not
 * after its scripts, and read and close without any (`<form method="dialog">`). The stylesheet
 * shows the narrow-screen one only under 426 px; their script (src/client/warnings.ts, named in
 * the page only with a warning) makes the one shown modal. Once answered, a session cookie keeps
 * each away.
 */
import { messages } from '../../shared/messages';
import { type PageWarning, WARNING_SEEN, WARNING_SEEN_COOKIE } from '../../shared/page-warnings';
import { escapeHtml } from './escape-html';

/** The in-app browser named in a user agent, if sign-in is known to break inside it. */
function inAppBrowserOf(userAgent: string): 'Instagram' | 'LinkedIn' | null {
  if (/\bInstagram\b/i.test(userAgent)) return 'Instagram';
  if (/\bLinkedInApp\b/i.test(userAgent)) return 'LinkedIn';
  return null;
}

function answered(cookieHeader: string, warning: PageWarning): boolean {
  return cookieHeader.split(';').some((pair) => pair.trim() === `${WARNING_SEEN_COOKIE[warning]}=${WARNING_SEEN}`);
}

function warningHtml(warning: PageWarning, title: string, text: string, button: string): string {
  const id = `${warning}-warning`;
  return [
    `<dialog open class="dialog-surface page-warning" data-warning="${warning}" aria-labelledby="${id}-title" aria-describedby="${id}-text">`,
    `<h2 id="${id}-title">${escapeHtml(title)}</h2>`,
    `<p id="${id}-text">${escapeHtml(text)}</p>`,
    `<form method="dialog"><button class="button-primary">${escapeHtml(button)}</button></form>`,
    '</dialog>',
  ].join('');
}

/** The warnings a visitor has not answered yet, as HTML for the top of the page's body. */
export function pageWarningsHtml(request: { userAgent: string; cookie: string; productName: string }): string {
  const html: string[] = [];
  // The narrow-screen warning first in the page: the in-app one, drawn after it, is above it.
  if (!answered(request.cookie, 'mobile')) {
    html.push(
      warningHtml(
        'mobile',
        messages.mobileWarning.title,
        messages.auth.mobileWarningText(request.productName),
        messages.mobileWarning.button,
      ),
    );
  }
  const app = inAppBrowserOf(request.userAgent);
  if (app && !answered(request.cookie, 'inAppBrowser')) {
    html.push(
      warningHtml(
        'inAppBrowser',
        messages.inAppBrowser.title(app),
        messages.auth.inAppBrowserText(app),
        messages.inAppBrowser.button,
      ),
    );
  }
  return html.join('\n');
}

/**
 * The warnings every page shows over itself (docs/product-spec.md: the in-app browser's warning and the 'Mobile
 * Warning' under 426 px), drawn in the page's HTML (decision 0030): they paint with the page, not
 * after its scripts. The stylesheet shows the narrow-screen one only under 426 px; their script
 * (src/client/warnings.ts, named in the page only with a warning) makes the one shown modal and
 * answers it in the page. Once answered, a session cookie keeps each away: the answer is a plain
 * form (issue 31), so a tap before that script arrives, or with JavaScript off, posts it to
 * `answerWarningRoutes`, which sets the cookie and sends the browser back to the page.
 */
import type { FastifyInstance } from 'fastify';
import { RETURN_FIELD } from '../../shared/form-posts';
import { messages } from '../../shared/messages';
import {
  ANSWER_WARNING_ROUTE,
  PAGE_WARNINGS,
  type PageWarning,
  WARNING_SEEN,
  WARNING_SEEN_COOKIE,
} from '../../shared/page-warnings';
import { escapeHtml } from './escape-html';
import { acceptFormBodies, formFields, returnPath, seeOther } from './form-posts';

/** The in-app browser named in a user agent, if sign-in is known to break inside it. */
function inAppBrowserOf(userAgent: string): 'Instagram' | 'LinkedIn' | null {
  if (/\bInstagram\b/i.test(userAgent)) return 'Instagram';
  if (/\bLinkedInApp\b/i.test(userAgent)) return 'LinkedIn';
  return null;
}

function answered(cookieHeader: string, warning: PageWarning): boolean {
  return cookieHeader.split(';').some((pair) => pair.trim() === `${WARNING_SEEN_COOKIE[warning]}=${WARNING_SEEN}`);
}

function warningHtml(warning: PageWarning, title: string, text: string, button: string, back: string): string {
  const id = `${warning}-warning`;
  return [
    `<dialog open class="dialog-surface page-warning" data-warning="${warning}" aria-labelledby="${id}-title" aria-describedby="${id}-text">`,
    `<h2 id="${id}-title">${escapeHtml(title)}</h2>`,
    `<p id="${id}-text">${escapeHtml(text)}</p>`,
    `<form method="post" action="${ANSWER_WARNING_ROUTE}">`,
    `<input type="hidden" name="warning" value="${warning}">`,
    `<input type="hidden" name="${RETURN_FIELD}" value="${escapeHtml(back)}">`,
    `<button class="button-primary">${escapeHtml(button)}</button></form>`,
    '</dialog>',
  ].join('');
}

/** The warnings a visitor has not answered yet, as HTML for the top of the page's body. */
export function pageWarningsHtml(request: {
  userAgent: string;
  cookie: string;
  productName: string;
  /** The page's address (path and query): where the answer's form comes back to. */
  page: string;
}): string {
  const html: string[] = [];
  // The narrow-screen warning first in the page: the in-app one, drawn after it, is above it.
  if (!answered(request.cookie, 'mobile')) {
    html.push(
      warningHtml(
        'mobile',
        messages.mobileWarning.title,
        messages.auth.mobileWarningText(request.productName),
        messages.mobileWarning.button,
        request.page,
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
        request.page,
      ),
    );
  }
  return html.join('\n');
}

const isPageWarning = (value: unknown): value is PageWarning => PAGE_WARNINGS.includes(value as PageWarning);

/**
 * The warnings' plain form: remembers the answer for the visit (the session cookie the page's script
 * writes), then back to the page. Anyone may answer; a field naming no warning changes nothing.
 */
export async function answerWarningRoutes(app: FastifyInstance, { secure }: { secure: boolean }) {
  acceptFormBodies(app);
  app.post(ANSWER_WARNING_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const fields = formFields(request);
    const warning = fields.warning;
    if (isPageWarning(warning)) {
      reply.header(
        'set-cookie',
        `${WARNING_SEEN_COOKIE[warning]}=${WARNING_SEEN}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
    return seeOther(reply, returnPath(fields, '/'));
  });
}

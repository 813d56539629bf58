/**
 * What the server and the client agree on for the stores' answers written into a page (the
 * college's configuration and the session: src/server/http/static.ts writes them,
 * src/client/api/page-answers.ts reads them), kept small: the sign-in page's first load carries it.
 */
import type { PathOf } from './api-contract';

/** The page's `<script type="application/json">` that holds them. */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';
/** The college's public configuration (every page). */
export const CONFIG_PATH = '/api/config' satisfies PathOf<'get'>;
/** The session (every page). */
export const ME_PATH = '/api/me' satisfies PathOf<'get'>;

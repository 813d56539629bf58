/**
 * The page's `<script type="application/json">` with the query cache the server drew the page from
 * (src/server/http/page-html.ts writes it, src/client/app/query-client.tsx reads it). Apart from
 * page-answers.ts, which the sign-in page's first load carries.
 */
export const PAGE_QUERIES_ELEMENT_ID = 'page-queries';

/**
 * The performance mark the app (main.tsx) sets once the page is its own (drawn or hydrated): the
 * browser tests count the scripts asked for before it as the page's first load. (Not in
 * page-modules.ts: the page's entry reads that one, and must share no module with the app.)
 */
export const APP_READY_MARK = 'app-ready';

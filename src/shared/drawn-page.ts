/**
 * What the server's drawing of a page gives (src/client/entry-server.tsx draws it,
 * src/server/http/page-drawing.ts sends it; decision 0029).
 */
export type DrawnPage =
  /**
   * The page's HTML (what goes in #root), the query cache it was drawn from and the moment it was
   * drawn at (src/client/shell/clock.ts), for the browser.
   */
  | { kind: 'page'; html: string; queries: unknown; drawnAt: number }
  /** The guard sends the visitor elsewhere: the server answers with a redirect. */
  | { kind: 'redirect'; to: string }
  /** Not drawn on the server (the terms dialog comes first, or the answers it needs are missing). */
  | { kind: 'notDrawn' };

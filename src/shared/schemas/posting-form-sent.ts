/**
 * A posting form sent without the scripts and refused (issue 31): the server draws the form again
 * from this, put in the page's query cache under `postingFormSentKey`, so the browser's scripts
 * take over the same form (src/server/postings/form-upload-routes.ts, features/posting-editor). Zod-free.
 */
import type { PostingInput } from './posting';

export interface PostingFormSent {
  /** What the form sent, as the schema reads it; null when it was refused before it was read. */
  values: PostingInput | null;
  /** The spec's words for what stands in the way, in order (what 'Submission Failed' lists). */
  problems: string[];
}

/** Where the page's query cache keeps it: one for a new posting, one per posting edited. */
export const postingFormSentKey = (postingId: string | undefined) => ['posting-form-sent', postingId ?? 'new'] as const;

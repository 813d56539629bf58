/**
 * A posting form sent without the scripts and drawn again (issue 31): refused, or asked to change
 * its own shape (a member row added or removed, a stored image marked for removal). The server
 * draws the form again from this, put in the page's query cache under `postingFormSentKey`, so the
 * browser's scripts take over the same form (src/server/postings/form-upload-routes.ts,
 * features/posting-editor). Zod-free.
 */
import type { PostingInput } from './posting';

export interface PostingFormSent {
  /** What the form sent, as the schema reads it; null when it was refused before it was read. */
  values: PostingInput | null;
  /** The spec's words for what stands in the way, in order (what 'Submission Failed' lists); none for a step. */
  problems: string[];
  /**
   * The posting's stored images the form keeps, in order (an edit whose images were marked for
   * removal); absent: all of them.
   */
  keptImages?: string[];
  /** Files were chosen and sent: a browser cannot put them back in the file input. */
  imagesNotKept?: boolean;
}

/** Where the page's query cache keeps it: one for a new posting, one per posting edited. */
export const postingFormSentKey = (postingId: string | undefined) => ['posting-form-sent', postingId ?? 'new'] as const;

/**
 * The form's own fields besides the posting's (decision 0048): the step a submit button asks for
 * instead of saving, and on an edit the stored images kept (their ids, space-separated, in order).
 */
export const POSTING_FORM_FIELDS = { step: 'formStep', keptImages: 'keptImages' } as const;

/** What a step button asks of the form: drawn again with one more member row, one fewer, or an image fewer. */
export type PostingFormStep =
  | { kind: 'addMember' }
  | { kind: 'removeMember'; index: number }
  | { kind: 'removeImage'; id: string };

/** The value each step button sends under `POSTING_FORM_FIELDS.step`. */
export const postingFormStepValue = {
  addMember: () => 'add-member',
  removeMember: (index: number) => `remove-member:${index}`,
  removeImage: (id: string) => `remove-image:${id}`,
};

/** The step a sent value asks for, or null when it is none of them. */
export function postingFormStepOf(value: string): PostingFormStep | null {
  if (value === 'add-member') return { kind: 'addMember' };
  const member = /^remove-member:([1-9]\d{0,2})$/.exec(value);
  if (member) return { kind: 'removeMember', index: Number(member[1]) };
  const image = /^remove-image:([A-Za-z0-9-]{1,64})$/.exec(value);
  if (image) return { kind: 'removeImage', id: image[1] as string };
  return null;
}

/** The stored images a form keeps, from its `keptImages` field: undefined when it has none (all are kept). */
export function keptImagesOf(fields: Readonly<Record<string, string>>): string[] | undefined {
  const sent = fields[POSTING_FORM_FIELDS.keptImages];
  if (sent === undefined) return undefined;
  return sent.split(/\s+/).filter((id) => id !== '');
}

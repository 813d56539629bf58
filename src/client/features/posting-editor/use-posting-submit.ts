import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { type PinBounds, type PostingWrite, validatePosting } from '../../../shared/schemas/posting';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';
import { membersAsKept, type PostingFormValues } from './form-values';
import type { ImageItem } from './ImagesField';
import { postingQueryKey } from './query-keys';
import { sendPostingForm } from './upload';

/** Where a save stands: each phase but 'idle' is a dialog of the form's. */
export type Phase =
  | { kind: 'idle' }
  | { kind: 'failed'; title: string; lines: string[] }
  | { kind: 'uploading'; progress: number }
  | { kind: 'preview'; posting: PostingWrite }
  | { kind: 'done'; posting: PostingDetail };

/**
 * The posting form's submit flow: the upload with its progress, the failure list (the shared
 * schema's messages, the very list the server would send), and the success that refreshes the lists.
 */
export function usePostingSubmit({
  postingId,
  signedIn,
  getValues,
  images,
  imageProblems,
  coadminEditing,
  dormKeys,
  pinBounds,
  onFinished,
}: {
  /** Given: edit this posting. Absent: create a new one. */
  postingId: string | undefined;
  signedIn: boolean;
  /** What the form holds now. */
  getValues: () => PostingFormValues;
  images: ImageItem[];
  imageProblems: string[];
  /** A co-admin's save leaves the members as they are. */
  coadminEditing: boolean;
  dormKeys: string[];
  /** Where a pin may be placed: the college's map bounds (issue 33). */
  pinBounds?: PinBounds;
  /** When the success dialog closes, with the saved posting. */
  onFinished: (saved: PostingDetail) => void;
}) {
  const queryClient = useQueryClient();
  const editing = postingId !== undefined;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const showFailure = (lines: string[], title: string = messages.submit.failedTitle) =>
    setPhase({ kind: 'failed', title, lines });

  const submit = async () => {
    if (!signedIn) {
      showFailure([messages.submit.notSignedIn.message], messages.submit.notSignedIn.title);
      return;
    }
    const body = new FormData();
    body.append('posting', JSON.stringify(getValues()));
    const newFiles = images.filter((item) => item.kind === 'new');
    if (editing) {
      body.append(
        'imageOrder',
        JSON.stringify(images.map((item) => (item.kind === 'kept' ? item.id : `new:${newFiles.indexOf(item)}`))),
      );
    }
    for (const item of newFiles) body.append('images', item.file, item.file.name);
    setPhase({ kind: 'uploading', progress: 0 });
    try {
      const saved = await sendPostingForm({
        postingId: editing ? postingId : undefined,
        body,
        onProgress: (fraction) => setPhase({ kind: 'uploading', progress: Math.round(fraction * 100) }),
      });
      queryClient.setQueryData(postingQueryKey(saved.id), saved);
      // Lists and counts elsewhere (postings, profile) now show the change.
      await queryClient.invalidateQueries({
        predicate: (query) => !['config', 'session', 'posting'].includes(String(query.queryKey[0])),
      });
      setPhase({ kind: 'done', posting: saved });
    } catch (error) {
      if (error instanceof ApiError) {
        showFailure(
          error.details.length > 0 ? error.details : [error.message],
          error.title || messages.submit.failedTitle,
        );
      } else {
        showFailure([messages.submit.storageError]);
      }
    }
  };

  /** Invalid: list every message of the shared schema (the very list the server would send). */
  const onInvalid = () => {
    const values = getValues();
    const result = validatePosting(coadminEditing ? membersAsKept(values) : values, dormKeys, pinBounds);
    showFailure([...(result.success ? [] : result.messages), ...imageProblems]);
  };

  const finish = () => {
    if (phase.kind !== 'done') return;
    const saved = phase.posting;
    setPhase({ kind: 'idle' });
    onFinished(saved);
  };

  return { phase, setPhase, submit, onInvalid, finish };
}

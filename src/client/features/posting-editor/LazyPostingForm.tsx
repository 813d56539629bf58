import { Suspense } from 'react';
import { messages } from '../../../shared/messages';
import { lazyPart } from '../../ui/lazy-part';
import type { PostingFormProps } from './PostingForm';

const PostingForm = lazyPart(() => import('./PostingForm').then((module) => module.PostingForm));

/**
 * The posting form, loaded with its validation (the shared zod schema) only
 * when a page shows it, so the pages that hold it stay within their first-load budget
 * (decision 0009).
 */
export function LazyPostingForm(props: PostingFormProps) {
  return (
    <Suspense
      fallback={
        <p className="app-status" role="status">
          {messages.loading}
        </p>
      }
    >
      <PostingForm {...props} />
    </Suspense>
  );
}

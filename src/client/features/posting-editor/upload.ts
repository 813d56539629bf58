import { type Answer, address, type PathOf, type Route } from '../../../shared/api-contract';
import { isApiErrorBody } from '../../../shared/api-error';
import { messages } from '../../../shared/messages';
import { ApiError, parseJson } from '../../api/client';

/** What creating or saving a posting answers: the posting as saved. */
type SavedPosting = Answer<Route<'/api/postings', 'post'>>;

/**
 * Sends the posting's multipart form with XMLHttpRequest, whose upload events give the real
 * progress of the bytes sent (fetch cannot report upload progress). Failures become ApiError.
 * The one call outside the typed client (src/client/api/client.ts): a multipart body is not in
 * the OpenAPI document, so its fields are typed where the form builds them (use-posting-submit.ts).
 */
export function sendPostingForm(options: {
  /** The posting to save (PUT /api/postings/{id}), or none to create one (POST /api/postings). */
  postingId: string | undefined;
  body: FormData;
  onProgress: (fraction: number) => void;
}): Promise<SavedPosting> {
  const { postingId } = options;
  const [method, url] =
    postingId === undefined
      ? ['POST', address('/api/postings' satisfies PathOf<'post'>)]
      : ['PUT', address('/api/postings/{id}' satisfies PathOf<'put'>, { path: { id: postingId } })];
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress(1);
        resolve(body as SavedPosting);
      } else if (isApiErrorBody(body)) {
        reject(new ApiError(xhr.status, body.error));
      } else {
        reject(
          new ApiError(xhr.status, {
            code: `HTTP_${xhr.status}`,
            title: messages.submit.failedTitle,
            message: messages.submit.storageError,
          }),
        );
      }
    });
    const networkFailure = () =>
      reject(
        new ApiError(0, { code: 'NETWORK', title: messages.submit.failedTitle, message: messages.submit.storageError }),
      );
    xhr.addEventListener('error', networkFailure);
    xhr.addEventListener('abort', networkFailure);
    xhr.send(options.body);
  });
}

import type { ApiCall } from '../../../shared/api/call';
import { isApiErrorBody } from '../../../shared/api-error';
import { messages } from '../../../shared/messages';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';

/**
 * Sends the posting's multipart form with XMLHttpRequest, whose upload events give the real
 * progress of the bytes sent (fetch cannot report upload progress). Failures become ApiError.
 */
export function sendPostingForm(options: {
  /** postingsApi.create() or postingsApi.update(id). */
  call: ApiCall<PostingDetail>;
  body: FormData;
  onProgress: (fraction: number) => void;
}): Promise<PostingDetail> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.call.method, options.call.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress(1);
        resolve(body as PostingDetail);
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

/**
 * The postings service, put together from its parts: creating and editing (create-edit.ts), the
 * detail view (detail.ts), stored images (images.ts), status changes (status.ts), deleting
 * (removal.ts) and renewals (renewals.ts). The routes call it; the parts share context.ts.
 */

import { createAccessCheck, type PostingServiceDeps } from './context';
import { createPostingEditing } from './create-edit';
import { createPostingDetail } from './detail';
import { createPostingImages } from './images';
import { createPostingRemoval } from './removal';
import { createPostingRenewals } from './renewals';
import { createPostingStatus } from './status';

export type { PostingServiceDeps } from './context';
export type { Submission } from './create-edit';
export { IMAGE_URL_PREFIX, POSTINGS_KEY_PREFIX, sweepOrphanedFiles } from './images';

export function createPostingService(deps: PostingServiceDeps) {
  const loadAllowed = createAccessCheck(deps);
  const images = createPostingImages(deps);
  const { getDetail } = createPostingDetail(deps);
  const { create, update, assertAdmin } = createPostingEditing(deps, { loadAllowed, images, getDetail });
  const { fulfilled, setStatus } = createPostingStatus(deps, loadAllowed);
  const { remove, removeAllOwnedBy } = createPostingRemoval(deps, { loadAllowed, removeFiles: images.removeFiles });
  const { renew, previewRenewal, applyRenewal } = createPostingRenewals(deps, { loadAllowed, fulfilled });
  return {
    getDetail,
    mayViewImage: images.mayViewImage,
    assertAdmin,
    create,
    update,
    setStatus,
    remove,
    removeAllOwnedBy,
    renew,
    previewRenewal,
    applyRenewal,
  };
}

export type PostingService = ReturnType<typeof createPostingService>;

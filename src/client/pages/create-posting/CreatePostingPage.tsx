import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { can } from '../../../shared/authorization';
import { pageAddress } from '../../../shared/page-addresses';
import { api } from '../../api/client';
import { LazyPinPickerMap } from '../../features/map/LazyPinPickerMap';
import {
  DeletePostingButton,
  type PinMapSlot,
  PostingForm,
  postingQueryKey,
  StatusControl,
} from '../../features/posting-editor';
import { useSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import styles from './CreatePostingPage.module.css';

/** The map feature's picker, lent to the editor to place an off-campus pin by pointer. */
const pinPickerMap: PinMapSlot = (pin) => <LazyPinPickerMap {...pin} />;

/** /create-posting creates a posting; /create-posting?id=<posting> edits it (its admin and co-admins). */
export function Component() {
  const [params] = useSearchParams();
  const postingId = params.get('id') ?? undefined;
  const editing = postingId !== undefined;
  const navigate = useNavigate();
  usePageTitle();

  const existing = useQuery({
    queryKey: postingQueryKey(postingId ?? ''),
    queryFn: () => api.get('/api/postings/{id}', { path: { id: postingId ?? '' } }),
    enabled: editing,
    retry: false,
  });
  const posting = existing.data;
  const viewer = useSession().user;

  return (
    <div className="page">
      <h1>{editing ? 'Edit Posting' : 'Create Posting'}</h1>
      {editing && posting && can(viewer, 'posting.changeStatus', posting) ? (
        <section className={styles.manage} aria-label="Manage posting">
          <StatusControl postingId={posting.id} status={posting.status} mayChange />
          {/* A co-admin edits and changes the status; only the administrator deletes. */}
          {can(viewer, 'posting.delete', posting) ? (
            <DeletePostingButton
              postingId={posting.id}
              label="Delete posting"
              onDeleted={() => navigate('/myProfile')}
            />
          ) : null}
        </section>
      ) : null}
      <PostingForm
        key={postingId ?? 'new'}
        postingId={postingId}
        onCancel={() => navigate('/create-posting')}
        onDone={(saved) => (editing ? navigate(pageAddress.posting(saved.id)) : undefined)}
        pinMap={pinPickerMap}
      />
    </div>
  );
}

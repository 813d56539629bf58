import { useLocation } from 'react-router';
import { browseFormActions } from '../../../shared/browse-form-posts';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { useBookmarkToggle } from './api';
import styles from './BookmarkButton.module.css';

/**
 * A toggle button (aria-pressed) that bookmarks the posting named by `label`. It is a plain form
 * too (issue 31): a tap before the scripts have taken the page over, or with JavaScript off, posts
 * it and the server answers with this page again; once taken over, the app sends it itself.
 */
export function BookmarkButton({
  postingId,
  bookmarked,
  label,
  showLabel = false,
}: {
  postingId: string;
  bookmarked: boolean;
  label: string;
  /** Show 'Bookmark' / 'Bookmarked' beside the icon (the detail view); cards keep the icon and tooltip. */
  showLabel?: boolean;
}) {
  const toggle = useBookmarkToggle();
  const location = useLocation();
  const pending = toggle.isPending && toggle.variables?.id === postingId;
  const shown = pending ? (toggle.variables?.bookmarked ?? bookmarked) : bookmarked;
  return (
    <form
      className={styles.form}
      method="post"
      action={browseFormActions.bookmark(postingId)}
      onSubmit={(event) => {
        event.preventDefault();
        toggle.mutate({ id: postingId, bookmarked: !bookmarked });
      }}
    >
      {/* The state asked for, not a toggle: a form sent twice leaves it as asked. */}
      <input type="hidden" name="bookmarked" value={String(!bookmarked)} />
      <input type="hidden" name={RETURN_FIELD} value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className={showLabel ? styles.labelled : styles.bookmark}
        aria-pressed={shown}
        aria-label={`Bookmark ${label}`}
        title={shown ? 'Remove bookmark' : 'Bookmark'}
        disabled={pending}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
            fill={shown ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {showLabel ? <span aria-hidden="true">{shown ? 'Bookmarked' : 'Bookmark'}</span> : null}
      </button>
    </form>
  );
}

import { useBookmarkToggle } from './api';
import styles from './BookmarkButton.module.css';

/** A toggle button (aria-pressed) that bookmarks the posting named by `label`. */
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
  const pending = toggle.isPending && toggle.variables?.id === postingId;
  const shown = pending ? (toggle.variables?.bookmarked ?? bookmarked) : bookmarked;
  return (
    <button
      type="button"
      className={showLabel ? styles.labelled : styles.bookmark}
      aria-pressed={shown}
      aria-label={`Bookmark ${label}`}
      title={shown ? 'Remove bookmark' : 'Bookmark'}
      disabled={pending}
      onClick={() => toggle.mutate({ id: postingId, bookmarked: !bookmarked })}
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
  );
}

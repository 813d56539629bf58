import { Link } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { memberFormActions } from '../../../shared/member-form-posts';
import { messages } from '../../../shared/messages';
import { pageAddress } from '../../../shared/page-addresses';
import buttonStyles from '../../ui/Button.module.css';
import { DELETE_ANCHOR } from './DeletePostingButton';
import styles from './PostingForm.module.css';

/**
 * The delete confirmation of docs/product-spec.md drawn in the detail view (`?delete=confirm`), for
 * a Delete tapped before the scripts or without them (issue 31): the spec's question, a plain form
 * that deletes, and a way back. With the scripts, Delete asks in a dialog instead.
 */
export function DeleteConfirmation({ postingId }: { postingId: string }) {
  const page = pageAddress.posting(postingId);
  return (
    <section id={DELETE_ANCHOR} className={styles.drawnConfirmation} aria-labelledby={`${DELETE_ANCHOR}-title`}>
      <h2 id={`${DELETE_ANCHOR}-title`}>Delete Posting</h2>
      <p>{messages.deletePosting.confirm}</p>
      <form method="post" action={memberFormActions.deletePosting(postingId)} className={styles.confirmActions}>
        <input type="hidden" name={RETURN_FIELD} value={page} />
        <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={page}>
          Cancel
        </Link>
        <button type="submit" className={`${buttonStyles.button} ${styles.danger}`}>
          Delete
        </button>
      </form>
    </section>
  );
}

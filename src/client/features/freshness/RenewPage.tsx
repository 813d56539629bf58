import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageAddress } from '../../../shared/page-addresses';
import { RENEWAL_ACTION_LABELS } from '../../../shared/schemas/freshness';
import { ApiError, api } from '../../api/client';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import styles from './RenewPage.module.css';

/**
 * Where the 'Still looking?' e-mail's links land (issue 14). Opening the link only reads what it
 * would do (so mail scanners that follow links change nothing); the button confirms with a POST.
 */
export function Component() {
  usePageTitle();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['renewal', token],
    queryFn: ({ signal }) => api.get('/api/renewals', { query: { token }, signal }),
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => api.post('/api/renewals', { body: { token } }),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirm.isSuccess || confirm.isError) heading.current?.focus();
  }, [confirm.isSuccess, confirm.isError]);

  const failure = (error: unknown) =>
    error instanceof ApiError
      ? { title: error.title, message: error.message }
      : { title: 'Something Went Wrong', message: 'Please try again.' };

  let title = 'Still looking?';
  let body: React.ReactNode = <p>Loading...</p>;
  if (confirm.isSuccess) {
    title = confirm.data.action === 'renew' ? 'Posting Renewed' : 'Posting Fulfilled';
    body = (
      <>
        <p role="status">{confirm.data.message}</p>
        <p>
          <Link to={pageAddress.posting(confirm.data.postingId)}>View the posting</Link>
        </p>
      </>
    );
  } else if (confirm.isError || preview.isError) {
    const { title: t, message } = failure(confirm.error ?? preview.error);
    title = t;
    body = (
      <>
        <p role="alert">{message}</p>
        <p>
          <Link to="/myProfile">Go to my profile</Link>
        </p>
      </>
    );
  } else if (preview.data) {
    const action = preview.data.action;
    body = (
      <>
        <p>
          {action === 'renew'
            ? `Confirm that your group at ${preview.data.place} is still looking for roommates. Your posting shows in search as fresh again.`
            : `Confirm that your group at ${preview.data.place} is complete. The posting is marked Fulfilled and open pings are closed.`}
        </p>
        <button
          type="button"
          className={buttonStyles.button}
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {confirm.isPending ? 'Saving...' : `Confirm: ${RENEWAL_ACTION_LABELS[action]}`}
        </button>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {body}
    </div>
  );
}

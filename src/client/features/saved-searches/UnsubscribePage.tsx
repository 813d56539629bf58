import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { savedSearchMessages } from '../../../shared/saved-searches';
import type { UnsubscribeView } from '../../../shared/schemas/saved-search';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import styles from '../../ui/EmailLinkPage.module.css';
import { confirmUnsubscribe, describeUnsubscribe } from './api';

const text = savedSearchMessages.unsubscribe;

/**
 * /alerts/unsubscribe?id=&token=: the link in every alert e-mail. Opening it (GET) only asks;
 * the button (POST) turns the alert off, so a mail scanner following links changes nothing.
 * No sign-in needed: the signed token is the authority.
 */
export function Component() {
  usePageTitle();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['unsubscribe', id, token],
    queryFn: ({ signal }) => describeUnsubscribe(id, token, signal),
    retry: false,
  });
  const [done, setDone] = useState<UnsubscribeView | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const turnOff = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setDone(await confirmUnsubscribe(id, token));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : messages.api.internal.message);
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (link.isPending) body = <p role="status">{messages.loading}</p>;
  else if (link.isError) {
    body = (
      <p role="alert">
        {link.error instanceof ApiError ? link.error.message : messages.api.internal.message}{' '}
        <Link to="/myProfile#saved-searches">Go to my profile</Link>
      </p>
    );
  } else if (done) {
    body = (
      <p role="status" className={styles.ok}>
        {text.done(done.name)} <Link to="/myProfile#saved-searches">Go to my profile</Link>
      </p>
    );
  } else if (link.data.alert === 'off') {
    body = <p>{text.alreadyOff(link.data.name)}</p>;
  } else {
    body = (
      <>
        <p>{text.question(link.data.name)}</p>
        <div>
          <button type="button" className={buttonStyles.button} disabled={busy} onClick={() => void turnOff()}>
            {busy ? 'Turning off...' : text.button}
          </button>
        </div>
        {failure ? (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className={`page ${styles.page}`}>
      <h1>{text.title}</h1>
      {body}
    </div>
  );
}

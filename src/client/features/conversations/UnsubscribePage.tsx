import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { conversationMessages } from '../../../shared/conversation-messages';
import { messages } from '../../../shared/messages';
import { ApiError, api } from '../../api/client';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import styles from '../../ui/EmailLinkPage.module.css';

const text = conversationMessages.unsubscribePage;

/**
 * /message-emails/unsubscribe?user=&token=: the 'Turn off these e-mails' link of the unread-message
 * e-mail. Opening it (GET) only asks; the button (POST) turns the e-mails off, so a mail scanner
 * following links changes nothing. No sign-in needed: the signed token is the authority.
 */
export function Component() {
  usePageTitle();
  const [params] = useSearchParams();
  const user = params.get('user') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'asking' | 'busy' | 'done'>('asking');
  const [failure, setFailure] = useState<string | null>(null);

  const turnOff = async () => {
    setState('busy');
    setFailure(null);
    try {
      await api.post('/api/conversation-emails/unsubscribe', { query: { user, token } });
      setState('done');
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : messages.api.internal.message);
      setState('asking');
    }
  };

  return (
    <div className={`page ${styles.page}`}>
      <h1>{text.title}</h1>
      {state === 'done' ? (
        <p role="status" className={styles.ok}>
          {conversationMessages.unsubscribed} <Link to="/myProfile#messages">Go to my profile</Link>
        </p>
      ) : (
        <>
          <p>{text.question}</p>
          <div>
            <button
              type="button"
              className={buttonStyles.button}
              disabled={state === 'busy'}
              onClick={() => void turnOff()}
            >
              {state === 'busy' ? text.busy : text.button}
            </button>
          </div>
          {failure ? (
            <p role="alert" className={styles.error}>
              {failure} <Link to="/myProfile#messages">Go to my profile</Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

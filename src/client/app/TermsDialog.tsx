import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../shared/messages';
import { TOAST_MS } from '../../shared/options';
import { ApiError, api } from '../api/client';
import { useCollege } from '../shell/config-context';
import { refreshSession, SESSION_QUERY_KEY, setSession } from '../shell/session';
import buttonStyles from '../ui/Button.module.css';
import { Dialog } from '../ui/Dialog';
import { showNotice } from '../ui/Notice';

/**
 * The Terms & Conditions dialog of docs/product-spec.md. It cannot be dismissed: 'I Agree' records the
 * acceptance, 'I Disagree' deletes the account and everything it owns and signs out.
 */
export function TermsDialog() {
  const college = useCollege();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { terms } = messages.auth;
  const termsStart = useRef<HTMLParagraphElement>(null);

  const signedOut = () => {
    setSession({ user: null });
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] && query.queryKey[0] !== 'config',
    });
    navigate('/signin-wall', { replace: true });
  };

  const agree = useMutation({
    mutationFn: () => api.post('/api/me/terms', { body: { version: college.termsVersion } }),
    onSuccess: (data) => setSession(data),
    onError: () => refreshSession(),
  });

  const decline = useMutation({
    mutationFn: () => api.post('/api/me/decline'),
    onSuccess: () => {
      showNotice({
        message: messages.termsDeclined(college.productName),
        tone: 'info',
        durationMs: TOAST_MS.termsDeclined,
      });
      signedOut();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') {
        showNotice({
          title: messages.sessionExpired.title,
          message: messages.sessionExpired.message,
          tone: 'error',
          durationMs: TOAST_MS.sessionExpired,
        });
        signedOut();
      }
    },
  });

  const busy = agree.isPending || decline.isPending;
  const failure =
    agree.error ??
    (decline.error instanceof ApiError && decline.error.code === 'SESSION_EXPIRED' ? null : decline.error);

  return (
    <Dialog
      open
      dismissible={false}
      // Focus starts on the terms, not on the first button ('I Disagree', which deletes the new
      // account): a stray Enter does nothing, and the terms are read before choosing.
      initialFocus={termsStart}
      title={terms.title}
      actions={
        <>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            disabled={busy}
            onClick={() => decline.mutate()}
          >
            {terms.disagree}
          </button>
          <button type="button" className={buttonStyles.button} disabled={busy} onClick={() => agree.mutate()}>
            {terms.agree}
          </button>
        </>
      }
    >
      {terms.paragraphs(college.productName, college.college.name, college.college.emailDomain).map((paragraph, i) =>
        i === 0 ? (
          <p key={paragraph} ref={termsStart} tabIndex={-1}>
            {paragraph}
          </p>
        ) : (
          <p key={paragraph}>{paragraph}</p>
        ),
      )}
      {failure ? (
        <p role="alert" style={{ color: 'var(--color-danger-text)' }}>
          {failure.message}
        </p>
      ) : null}
    </Dialog>
  );
}

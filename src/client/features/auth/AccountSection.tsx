import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '../../../shared/account-messages';
import { memberFormActions } from '../../../shared/member-form-posts';
import { messages } from '../../../shared/messages';
import { accountKey } from '../../../shared/query-keys';
import type { AccountDetails } from '../../../shared/schemas/account';
import type { Me, MeResponse } from '../../../shared/schemas/me';
import { ApiError, api } from '../../api/client';
import { dayText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useCollege } from '../../shell/config-context';
import { useDrawnToggle, useScriptsReady } from '../../shell/scripts-ready';
import { SESSION_QUERY_KEY } from '../../shell/session';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import fieldStyles from '../../ui/FormField.module.css';
import { showNotice } from '../../ui/Notice';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './AccountSection.module.css';
import { authPost } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';

const loadSchema = () => import('../../../shared/schemas/account').then((module) => module.changePasswordSchema);

/** Change password (better-auth's changePassword); other devices are signed out. */
function ChangePasswordForm() {
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'failed'; message: string } | null>(null);
  const form = useSchemaForm({
    schema: loadSchema,
    onValid: async ({ currentPassword, password }) => {
      setOutcome(null);
      try {
        await authPost('/change-password', { currentPassword, newPassword: password, revokeOtherSessions: true });
        form.reset();
        setOutcome({ kind: 'done' });
      } catch (error) {
        const message =
          error instanceof ApiError && error.code === 'INVALID_PASSWORD'
            ? accountMessages.currentPasswordWrong
            : error instanceof ApiError && error.status === 429
              ? error.message
              : accountMessages.passwordUnchanged;
        setOutcome({ kind: 'failed', message });
      }
    },
  });

  return (
    <form
      className={styles.form}
      method="post"
      action={memberFormActions.changePassword()}
      {...form.formProps}
      aria-labelledby="change-password-heading"
    >
      <h3 id="change-password-heading" className={styles.subheading}>
        {accountMessages.changePassword}
      </h3>
      <TextField
        label={accountMessages.currentPassword}
        type="password"
        autoComplete="current-password"
        name="currentPassword"
        error={form.error('currentPassword')}
      />
      <NewPasswordFields label={accountMessages.newPassword} errors={form.errors} />
      <div role="status">
        {outcome?.kind === 'done' ? <p className={styles.ok}>{accountMessages.passwordChanged}</p> : null}
      </div>
      {outcome?.kind === 'failed' ? (
        <p role="alert" className={styles.error}>
          {outcome.message}
        </p>
      ) : null}
      <button type="submit" className={buttonStyles.button} disabled={form.submitting}>
        {accountMessages.changePassword}
      </button>
    </form>
  );
}

/**
 * 'Delete my account' as the server draws it (issue 31): a checkbox the stylesheet follows opens a
 * plain form, where the typed address is sent to the form route, before the scripts or without
 * them. When the scripts take over, an open one becomes the dialog, with what was typed.
 */
function DrawnDeleteAccount({ email, toggleId, inputId }: { email: string; toggleId: string; inputId: string }) {
  const formId = useId();
  return (
    <>
      <input id={toggleId} type="checkbox" className={`drawn-toggle ${styles.deleteCheck}`} aria-controls={formId} />
      <label htmlFor={toggleId} className={`${buttonStyles.button} ${styles.dangerButton} ${styles.deleteToggle}`}>
        {accountMessages.deleteButton}
      </label>
      <form
        id={formId}
        className={`${styles.form} ${styles.drawnDelete}`}
        method="post"
        action={memberFormActions.deleteAccount()}
      >
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={inputId}>
            {accountMessages.deleteConfirmLabel(email)}
          </label>
          <input
            id={inputId}
            name="confirmEmail"
            className={fieldStyles.control}
            type="email"
            autoComplete="off"
            spellCheck={false}
            required
          />
        </div>
        <button type="submit" className={`${buttonStyles.button} ${styles.dangerButton}`}>
          {accountMessages.deleteConfirm}
        </button>
      </form>
    </>
  );
}

/** 'Delete my account': the person types their e-mail address, then everything they own goes. */
function DeleteAccount({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const scriptsReady = useScriptsReady();
  const inputId = useId();
  const drawnToggleId = useId();
  const drawnInputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();
  // Opened before the scripts: the dialog opens with what was typed in the drawn form.
  useDrawnToggle(drawnToggleId, () => {
    setTyped((document.getElementById(drawnInputId) as HTMLInputElement | null)?.value ?? '');
    setOpen(true);
  });

  const close = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  };

  const remove = async () => {
    if (!matches) {
      setError(accountMessages.deleteConfirmMismatch);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.delete('/api/me', { body: { confirmEmail: typed } });
      queryClient.setQueryData<MeResponse>(SESSION_QUERY_KEY, { user: null });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      showNotice({ message: accountMessages.deleted, tone: 'success', durationMs: 5000 });
      navigate('/signin-wall', { replace: true });
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof ApiError && caught.status !== 0 ? caught.message : accountMessages.deleteFailed);
    }
  };

  return (
    <div className={styles.danger}>
      <h3 className={styles.subheading}>{accountMessages.deleteHeading}</h3>
      <p>{accountMessages.deleteWarning}</p>
      {scriptsReady ? (
        <button type="button" className={`${buttonStyles.button} ${styles.dangerButton}`} onClick={() => setOpen(true)}>
          {accountMessages.deleteButton}
        </button>
      ) : (
        <DrawnDeleteAccount email={email} toggleId={drawnToggleId} inputId={drawnInputId} />
      )}
      <Dialog
        open={open}
        title={accountMessages.deleteConfirmTitle}
        description={accountMessages.deleteWarning}
        dismissible={!busy}
        onOpenChange={close}
        actions={
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => close(false)}
              disabled={busy}
            >
              Cancel
            </button>
            <button
              type="button"
              className={`${buttonStyles.button} ${styles.dangerButton}`}
              onClick={() => void remove()}
              disabled={busy || !matches}
            >
              {busy ? accountMessages.deleting : accountMessages.deleteConfirm}
            </button>
          </>
        }
      >
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={inputId}>
            {accountMessages.deleteConfirmLabel(email)}
          </label>
          <input
            id={inputId}
            className={fieldStyles.control}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (matches && !busy) void remove();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <p id={`${inputId}-error`} role="alert" className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
        </div>
      </Dialog>
    </div>
  );
}

/** The profile's Account section: details, change password (password accounts), delete my account. */
export function AccountSection({ user }: { user: Me }) {
  const clock = useClock();
  const college = useCollege();
  const details = useQuery({
    queryKey: accountKey,
    queryFn: () => api.get('/api/me/account'),
  });
  const account = details.data;
  const oidcLabel = college.auth.oidc?.label ?? 'your college account';
  const methodLabel = (method: AccountDetails['signInMethods'][number]) =>
    method === 'password' ? accountMessages.password : oidcLabel;
  return (
    <section id="account" className={styles.section} aria-labelledby="account-heading" tabIndex={-1}>
      <h2 id="account-heading">{accountMessages.heading}</h2>
      {details.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : details.isError || !account ? (
        <p role="alert" className={styles.error}>
          {details.error instanceof ApiError ? details.error.message : messages.api.internal.message}
        </p>
      ) : (
        <>
          <dl className={styles.details}>
            <div>
              <dt>Name</dt>
              <dd>{account.name}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd className={styles.email}>
                {/* A narrow column breaks the address after the @, not mid-word. */}
                {account.email.split('@')[0]}@<wbr />
                {account.email.split('@').slice(1).join('@')}
              </dd>
            </div>
            <div>
              <dt>{accountMessages.signInMethod}</dt>
              <dd>{account.signInMethods.map(methodLabel).join(', ')}</dd>
            </div>
            <div>
              <dt>{accountMessages.memberSince}</dt>
              <dd>
                <time dateTime={account.memberSince}>{dayText(account.memberSince, clock.zone)}</time>
              </dd>
            </div>
          </dl>
          {account.signInMethods.includes('password') ? (
            <ChangePasswordForm />
          ) : (
            <p className={styles.note}>{accountMessages.noPassword(oidcLabel)}</p>
          )}
        </>
      )}
      <DeleteAccount email={user.email} />
    </section>
  );
}

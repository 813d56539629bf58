import { useId, useState } from 'react';
import { conversationMessages, UNREAD_EMAIL_AFTER_MINUTES } from '../../../shared/conversation-messages';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { profileFormActions } from '../../../shared/profile-form-posts';
import { ApiError } from '../../api/client';
import { useScriptsReady } from '../../shell/scripts-ready';
import buttonStyles from '../../ui/Button.module.css';
import { useBlocks, useConversationSettings, useSaveConversationSettings, useUnblock } from './api';
import styles from './Messages.module.css';

/** The profile's Messages section (issue 19): e-mails about messages left unread, on or off. */
export function MessageSettingsSection() {
  const settings = useConversationSettings();
  const save = useSaveConversationSettings();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // The box follows the click at once (the save's own cache update comes a moment later); a
  // failed save gives it back to the stored setting.
  const [choice, setChoice] = useState<boolean | null>(null);
  const id = useId();
  const scriptsReady = useScriptsReady();
  const on = choice ?? settings.data?.unreadEmail ?? true;
  return (
    <section id="messages" className={styles.settings} aria-labelledby="messages-settings-heading" tabIndex={-1}>
      <h2 id="messages-settings-heading">Messages</h2>
      {settings.isPending ? (
        <p className={styles.muted}>Loading...</p>
      ) : settings.isError ? (
        <p role="alert" className={styles.error}>
          {settings.error instanceof ApiError ? settings.error.message : 'Your settings could not be read.'}
        </p>
      ) : (
        // A plain form too (issue 31): before the scripts, or without them, its Save posts the
        // choice; once they are here, each change is saved as it is made.
        <form
          method="post"
          action={profileFormActions.conversationSettings()}
          onSubmit={(event) => event.preventDefault()}
          className={styles.settingsForm}
        >
          <input type="hidden" name={RETURN_FIELD} value="/myProfile#messages" />
          <label className={styles.choice} htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              name="unreadEmail"
              checked={on}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                setChoice(event.target.checked);
                save.mutate(
                  { unreadEmail: event.target.checked },
                  {
                    onSettled: () => setChoice(null),
                    onSuccess: (saved) =>
                      setResult({
                        ok: true,
                        text: saved.unreadEmail
                          ? 'E-mails about unread messages are on.'
                          : 'E-mails about unread messages are off.',
                      }),
                    onError: (error) =>
                      setResult({
                        ok: false,
                        text: error instanceof ApiError ? error.message : conversationMessages.settingsTitle,
                      }),
                  },
                );
              }}
            />
            E-mail me about messages I have not read
          </label>
          {scriptsReady ? null : (
            <button type="submit" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
              Save
            </button>
          )}
        </form>
      )}
      <p id={`${id}-hint`} className={styles.muted}>
        When a message stays unread for {UNREAD_EMAIL_AFTER_MINUTES} minutes, we e-mail you once for that conversation
        (at most once an hour).
      </p>
      <p role="status" className={result?.ok === false ? styles.error : styles.muted}>
        {result?.text}
      </p>
      <BlockedStudents />
    </section>
  );
}

/** The students this one blocked: they cannot write to them or ping their postings, until unblocked. */
function BlockedStudents() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  const [said, setSaid] = useState('');
  const items = blocks.data?.items ?? [];
  return (
    <>
      <h3 className={styles.blockedHeading}>Blocked students</h3>
      {blocks.isError ? (
        <p role="alert" className={styles.error}>
          {blocks.error instanceof ApiError ? blocks.error.message : 'Your blocked students could not be read.'}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{blocks.isPending ? 'Loading...' : 'You have not blocked anyone.'}</p>
      ) : (
        <ul className={styles.blockedList} aria-label="Blocked students">
          {items.map((block) => (
            <li key={block.userId}>
              <span>{block.name}</span>
              {/* A plain form too (issue 31): before the scripts, or without them, the server unblocks
                  and comes back here; once they are here, the tap unblocks in the page. */}
              <form method="post" action={profileFormActions.unblock(block.userId)} className={styles.inlineForm}>
                <input type="hidden" name={RETURN_FIELD} value="/myProfile#messages" />
                <button
                  type="submit"
                  className={styles.linkButton}
                  disabled={unblock.isPending}
                  onClick={(event) => {
                    event.preventDefault();
                    unblock.mutate(block.userId, {
                      onSuccess: () => setSaid(conversationMessages.unblocked),
                      onError: (error) =>
                        setSaid(error instanceof ApiError ? error.message : 'That did not work. Please try again.'),
                    });
                  }}
                >
                  Unblock {block.name}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={styles.muted}>
        {said}
      </p>
    </>
  );
}

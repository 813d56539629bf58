/**
 * /postings/:id/agreement: a group's roommate agreement (issue 34), for its admin and joined members
 * only (anyone else finds no such page, as the API answers them 404). Each clause as drafted from the
 * members' answers or as last changed (who, when), every version kept, who has signed. Changing a
 * clause and signing are plain forms (they post without the scripts, decision 0044); with the
 * scripts the same forms are sent by the app and the page updates in place, and the live stream
 * brings the other members' changes (src/client/features/conversations/live.tsx).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CLAUSE_STATUS_LABELS } from '../../../shared/agreement';
import { agreementFormActions } from '../../../shared/agreement-form-posts';
import { agreementMessages as am } from '../../../shared/agreement-signatures';
import { apiUrl } from '../../../shared/api-contract';
import { messages } from '../../../shared/messages';
import { pageAddress } from '../../../shared/page-addresses';
import type { AgreementView } from '../../../shared/schemas/agreement-answers';
import { ApiError } from '../../api/client';
import { PostingNotFound } from '../../common/PostingNotFound';
import { dateTimeText, dayText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { describedBy } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import noticeStyles from '../../ui/Notice.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './Agreement.module.css';
import { useAgreement, useEditClause, useSignAgreement } from './api';

type Clause = AgreementView['clauses'][number];

// The shared schemas the server checks with, loaded when a form is first used.
const loadEditSchema = () => import('../../../shared/schemas/agreement').then((module) => module.clauseEditSchema);
const loadSignSchema = () => import('../../../shared/schemas/agreement').then((module) => module.signatureSchema);

/** The fields of a form the server's schema reads (the others say where the form belongs). */
const only =
  (...names: string[]) =>
  (values: Record<string, unknown>) =>
    Object.fromEntries(names.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]));

function failureOf(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.api.internal.message;
}

/** One clause: its text, or 'To discuss' with the difference and the suggested middle; its last change; its form. */
function ClauseItem({ clause, view }: { clause: Clause; view: AgreementView }) {
  const clock = useClock();
  const id = useId();
  const edit = useEditClause(view.postingId);
  const [failure, setFailure] = useState('');
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const form = useSchemaForm({
    schema: loadEditSchema,
    prepare: only('text', 'textHash'),
    onValid: ({ text, textHash }) =>
      new Promise<void>((resolve) => {
        setFailure('');
        edit.mutate(
          { clause: clause.key, text, textHash },
          {
            onSuccess: () => {
              if (detailsRef.current) detailsRef.current.open = false;
            },
            onError: (error) => setFailure(failureOf(error)),
            onSettled: () => resolve(),
          },
        );
      }),
  });
  const error = form.error('text') ?? (failure || undefined);
  const headingId = `${id}-heading`;
  return (
    <li className={styles.clause}>
      <div className={styles.clauseHead}>
        <h3 id={headingId}>{clause.title}</h3>
        <span className={`${styles.status} ${styles[clause.status]}`}>{CLAUSE_STATUS_LABELS[clause.status]}</span>
      </div>
      {clause.status === 'to-discuss' ? (
        <>
          {clause.difference ? <p className={styles.difference}>{clause.difference}</p> : null}
          {/* The suggested middle, until a member writes the clause themselves. */}
          {clause.text && !clause.changedBy ? <p className={styles.suggestionLabel}>Suggested:</p> : null}
        </>
      ) : null}
      {clause.text ? <p className={styles.text}>{clause.text}</p> : null}
      {clause.changedBy ? (
        <p className={styles.muted}>
          Changed by {clause.changedBy.name} on{' '}
          <time dateTime={clause.changedBy.at}>{dateTimeText(clause.changedBy.at, clock.zone)}</time>
        </p>
      ) : null}
      <details className={styles.edit} ref={detailsRef}>
        <summary>
          Change <span className="visually-hidden">the clause </span>“{clause.title}”
        </summary>
        {/* Re-keyed by version: a change by anyone draws the form again from the new text. */}
        <form
          key={view.version}
          method="post"
          action={agreementFormActions.editAgreementClause(view.postingId)}
          className={styles.form}
          {...form.formProps}
        >
          <input type="hidden" name="clause" value={clause.key} />
          <input type="hidden" name="textHash" value={view.textHash} />
          <label className={fieldStyles.label} htmlFor={`${id}-text`}>
            New text of “{clause.title}”
          </label>
          <p id={`${id}-text-hint`} className={fieldStyles.hint}>
            {am.editClears}
          </p>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={4}
            className={fieldStyles.control}
            defaultValue={clause.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-text`, error, true)}
          />
          {error ? (
            <p id={`${id}-text-error`} className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
          <button type="submit" className={buttonStyles.button} disabled={form.submitting}>
            Save <span className="visually-hidden">“{clause.title}”</span>
          </button>
        </form>
      </details>
    </li>
  );
}

/** Who has signed this version, and the viewer's own signature: a typed name and a confirmation. */
function Signatures({ view }: { view: AgreementView }) {
  const clock = useClock();
  const id = useId();
  const sign = useSignAgreement(view.postingId);
  const [failure, setFailure] = useState<{ field: 'name' | 'confirm' | ''; message: string } | null>(null);
  const form = useSchemaForm({
    schema: loadSignSchema,
    prepare: only('name', 'confirm', 'textHash'),
    onValid: (body) =>
      new Promise<void>((resolve) => {
        setFailure(null);
        sign.mutate(body, {
          onError: (error) => {
            const code = error instanceof ApiError ? error.code : '';
            const field = code === 'NAME_MISMATCH' ? 'name' : code === 'CONFIRMATION_REQUIRED' ? 'confirm' : '';
            setFailure({ field, message: failureOf(error) });
          },
          onSettled: () => resolve(),
        });
      }),
  });
  const you = view.parties.find((p) => p.isYou);
  const signedCount = view.parties.filter((p) => p.signedAt !== null).length;
  const nameError = form.error('name') ?? (failure?.field === 'name' ? failure.message : undefined);
  const confirmError = form.error('confirm') ?? (failure?.field === 'confirm' ? failure.message : undefined);
  const formError = failure?.field === '' ? failure.message : undefined;
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Signatures</h2>
      {view.signedByAllAt ? (
        <p className={styles.signedByAll}>
          <strong>{am.signedByAll}</strong> on{' '}
          <time dateTime={view.signedByAllAt}>{dayText(view.signedByAllAt, clock.zone)}</time>
        </p>
      ) : (
        <p>
          Signed by {signedCount} of {view.parties.length}. Version {view.version} counts once everyone has signed it.
        </p>
      )}
      <ul className={styles.parties}>
        {view.parties.map((party, index) => (
          // Names may repeat; the order is the group's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the parties have no id in this answer
          <li key={index}>
            <span className={styles.partyName}>
              {party.name}
              {party.isYou ? ' (you)' : ''}
            </span>
            {': '}
            {party.signedAt ? (
              <>
                signed on <time dateTime={party.signedAt}>{dateTimeText(party.signedAt, clock.zone)}</time>
              </>
            ) : (
              'not signed yet'
            )}
          </li>
        ))}
      </ul>
      {you?.signedAt ? (
        <p className={`${styles.muted} ${styles.noPrint}`}>You have signed version {view.version}.</p>
      ) : (
        <form
          key={view.version}
          method="post"
          action={agreementFormActions.signAgreement(view.postingId)}
          className={`${styles.form} ${styles.signForm}`}
          aria-labelledby={`${id}-sign-heading`}
          {...form.formProps}
        >
          <h3 id={`${id}-sign-heading`}>Sign version {view.version}</h3>
          <input type="hidden" name="textHash" value={view.textHash} />
          {formError ? (
            <p className={`${noticeStyles.notice} ${noticeStyles.inPage} ${noticeStyles.error}`} role="alert">
              {formError}
            </p>
          ) : null}
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={`${id}-name`}>
              Type your name as it is on your account
            </label>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              className={fieldStyles.control}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describedBy(`${id}-name`, nameError)}
            />
            {nameError ? (
              <p id={`${id}-name-error`} className={fieldStyles.error}>
                {nameError}
              </p>
            ) : null}
          </div>
          <div className={styles.confirm}>
            <input
              id={`${id}-confirm`}
              type="checkbox"
              name="confirm"
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={describedBy(`${id}-confirm`, confirmError)}
            />
            <label htmlFor={`${id}-confirm`}>{am.confirmLabel}</label>
          </div>
          {confirmError ? (
            <p id={`${id}-confirm-error`} className={fieldStyles.error}>
              {confirmError}
            </p>
          ) : null}
          <button type="submit" className={buttonStyles.button} disabled={form.submitting}>
            Sign the agreement
          </button>
        </form>
      )}
    </section>
  );
}

/** Every version, newest first: who made it, when, and which clause it changed. */
function History({ view }: { view: AgreementView }) {
  const clock = useClock();
  if (view.history.length === 0) {
    return <p className={styles.muted}>This is the draft from your answers: nobody has changed or signed it yet.</p>;
  }
  return (
    <details className={styles.history}>
      <summary>
        Version history ({view.history.length} {view.history.length === 1 ? 'version' : 'versions'})
      </summary>
      <ol reversed className={styles.versions}>
        {view.history.map((h) => (
          <li key={h.version}>
            Version {h.version}:{' '}
            {h.clause ? `${h.by ?? 'A former member'} changed “${h.clause}”` : 'the draft from your answers'} on{' '}
            <time dateTime={h.at}>{dateTimeText(h.at, clock.zone)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * Says so when the signatures this page showed were cleared by a change (this member's, or another
 * member's that arrived on the live stream), until the page is left.
 */
function useSignaturesCleared(view: AgreementView | undefined): boolean {
  const seen = useRef<{ version: number; signed: boolean } | null>(null);
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (!view) return;
    const signed = view.parties.some((p) => p.signedAt !== null);
    const before = seen.current;
    if (view.signaturesCleared || (before && view.version > before.version && before.signed && !signed)) {
      setCleared(true);
    } else if (signed) setCleared(false);
    seen.current = { version: view.version, signed };
  }, [view]);
  return cleared;
}

function Agreement({ view }: { view: AgreementView }) {
  const cleared = useSignaturesCleared(view);
  const toDiscuss = view.clauses.filter((c) => c.status === 'to-discuss').length;
  return (
    <article className={styles.agreement}>
      <p className={styles.back}>
        <Link to={pageAddress.posting(view.postingId)}>
          <span aria-hidden="true">←</span> Back to the posting
        </Link>
      </p>
      <h1>{am.pageTitle}</h1>
      <p className={styles.lead}>{am.notALease}</p>
      <p className={styles.noPrint}>
        Drafted from your group's lifestyle answers. Any member may change a clause; every member signs by typing their
        name.{' '}
        {toDiscuss > 0 ? `${toDiscuss} ${toDiscuss === 1 ? 'clause is' : 'clauses are'} marked to discuss.` : null}
      </p>
      <p className={styles.noPrint}>
        <a href={apiUrl('/api/postings/{id}/agreement.pdf', { path: { id: view.postingId } })} download>
          Download the agreement as a PDF
        </a>{' '}
        (version {view.version}, with a page of signatures), or print this page.
      </p>
      <div role="status" className={styles.live}>
        {cleared ? (
          <p className={`${noticeStyles.notice} ${noticeStyles.inPage} ${noticeStyles.info}`}>{am.signaturesCleared}</p>
        ) : null}
      </div>
      <section className={styles.section} aria-labelledby="clauses-heading">
        <h2 id="clauses-heading">Clauses (version {view.version})</h2>
        <ol className={styles.clauses}>
          {view.clauses.map((clause) => (
            <ClauseItem key={clause.key} clause={clause} view={view} />
          ))}
        </ol>
      </section>
      <Signatures view={view} />
      <section className={`${styles.section} ${styles.noPrint}`} aria-labelledby="history-heading">
        <h2 id="history-heading">Versions</h2>
        <History view={view} />
      </section>
      <p className={styles.printOnly}>{am.notALease}</p>
    </article>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const query = useAgreement(id);
  usePageTitle();
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <PostingNotFound />;
  }
  if (query.isError) {
    return (
      <div className="page" role="alert">
        <h1>{query.error instanceof ApiError ? query.error.title : messages.api.internal.title}</h1>
        <p>{query.error.message}</p>
        <button type="button" className={buttonStyles.button} onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <p className="app-status" role="status">
        {messages.loading}
      </p>
    );
  }
  return (
    <div className="page">
      <Agreement view={query.data} />
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import {
  FIT_PREVIEW,
  FIT_SHOWS,
  fitPreview,
  IMPORTANCE_LABELS,
  IMPORTANCES,
  type Importance,
  type LifestyleAnswer,
  type LifestyleQuestion,
  toAnswerMap,
} from '../../../shared/lifestyle';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import { useDeleteLifestyle, useMyLifestyle, useSaveLifestyle } from './api';
import styles from './Lifestyle.module.css';

interface Draft {
  self: string | null;
  accept: string[];
  importance: Importance;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function draftsOf(questions: LifestyleQuestion[], answers: LifestyleAnswer[]): Record<string, Draft> {
  const drafts: Record<string, Draft> = {};
  for (const q of questions) {
    const answer = answers.find((a) => a.question === q.key);
    drafts[q.key] = answer
      ? { self: answer.self, accept: answer.accept, importance: answer.importance }
      : { self: null, accept: [], importance: 'somewhat' };
  }
  return drafts;
}

function QuestionFields({
  question,
  number,
  draft,
  error,
  onChange,
}: {
  question: LifestyleQuestion;
  number: number;
  draft: Draft;
  error: string | undefined;
  onChange: (next: Draft) => void;
}) {
  // The form reads `answers.<question>.self`, `.accept` and `.importance` (lifestyle-form.ts).
  const name = `answers.${question.key}`;
  const errorId = `lifestyle-${question.key}-error`;
  return (
    <fieldset
      className={styles.question}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {number}. {capitalise(question.topic)}
      </legend>
      <fieldset className={styles.group}>
        <legend>{question.prompt}</legend>
        <div className={styles.choices}>
          {question.options.map((option) => (
            <label key={option.key} className={styles.choice}>
              <input
                type="radio"
                name={`${name}.self`}
                value={option.key}
                checked={draft.self === option.key}
                onChange={() =>
                  onChange({
                    ...draft,
                    self: option.key,
                    // Most people can live with what they are themselves: a starting point to edit.
                    accept: draft.accept.length === 0 ? [option.key] : draft.accept,
                  })
                }
              />
              {capitalise(option.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{question.livePrompt}</legend>
        <div className={styles.choices}>
          {question.options.map((option) => (
            <label key={option.key} className={styles.choice}>
              <input
                type="checkbox"
                name={`${name}.accept`}
                value={option.key}
                checked={draft.accept.includes(option.key)}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    accept: event.target.checked
                      ? [...draft.accept, option.key]
                      : draft.accept.filter((key) => key !== option.key),
                  })
                }
              />
              {capitalise(option.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>How much does {question.topic} matter to you?</legend>
        <div className={styles.choices}>
          {IMPORTANCES.map((importance) => (
            <label key={importance} className={styles.choice}>
              <input
                type="radio"
                name={`${name}.importance`}
                value={importance}
                checked={draft.importance === importance}
                onChange={() => onChange({ ...draft, importance })}
              />
              {IMPORTANCE_LABELS[importance]}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {draft.self !== null || draft.accept.length > 0 ? (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onChange({ self: null, accept: [], importance: 'somewhat' })}
        >
          Skip this question
          <span className="visually-hidden"> ({question.topic})</span>
        </button>
      ) : null}
    </fieldset>
  );
}

function LifestyleForm({
  questions,
  answers,
  onDone,
  onCancel,
}: {
  questions: LifestyleQuestion[];
  answers: LifestyleAnswer[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [drafts, setDrafts] = useState(() => draftsOf(questions, answers));
  const [failure, setFailure] = useState<string | null>(null);
  const saveAnswers = useSaveLifestyle();
  // The form's schema (zod) loads when the form is first used, not with the profile (decision 0009).
  const schema = useMemo(
    () => () => import('./lifestyle-form').then((module) => module.lifestyleFormSchema(questions)),
    [questions],
  );
  const form = useSchemaForm({
    schema,
    onInvalid: () => setFailure('Some answers need a choice; see the questions marked below.'),
    onValid: (given) => {
      setFailure(null);
      saveAnswers.mutate(given, {
        onSuccess: onDone,
        onError: (error) =>
          setFailure(
            error instanceof ApiError && error.status !== 0
              ? [error.message, ...error.details.filter((d) => d !== error.message)].join(' ')
              : messages.api.unavailable.message,
          ),
      });
    },
  });
  const errorOf = (key: string) => form.error(`answers.${key}.self`) ?? form.error(`answers.${key}.accept`);

  return (
    <form className={styles.form} aria-label="Lifestyle questionnaire" {...form.formProps}>
      <p className={styles.muted}>
        Answer as many questions as you like; a question you skip is left out of every fit.
      </p>
      {questions.map((question, i) => (
        <QuestionFields
          key={question.key}
          question={question}
          number={i + 1}
          draft={drafts[question.key] ?? { self: null, accept: [], importance: 'somewhat' }}
          error={errorOf(question.key)}
          onChange={(next) => setDrafts((all) => ({ ...all, [question.key]: next }))}
        />
      ))}
      <div role="alert">{failure ? <p className={styles.error}>{failure}</p> : null}</div>
      <div className={styles.actions}>
        <button type="submit" className={buttonStyles.button} disabled={saveAnswers.isPending}>
          {saveAnswers.isPending ? 'Saving…' : 'Save my answers'}
        </button>
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * What other students read about the viewer, from the same fit they get (no answer of the viewer's
 * appears in it, as none appears in theirs).
 */
function WhatOthersSee({
  name,
  questions,
  answers,
}: {
  name: string;
  questions: LifestyleQuestion[];
  answers: LifestyleAnswer[];
}) {
  const preview = fitPreview(name, toAnswerMap(answers), questions);
  return (
    <details className={styles.preview}>
      <summary>{FIT_PREVIEW.summary}</summary>
      <p className={styles.muted}>{FIT_PREVIEW.intro(name)}</p>
      <ul className={styles.reasons}>
        {[...preview.differences, ...preview.agreements].map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </details>
  );
}

/** The profile's optional lifestyle questionnaire: fill, edit or delete; nobody else sees the answers. */
export function LifestyleSection({ name }: { name: string }) {
  const mine = useMyLifestyle();
  const removeAnswers = useDeleteLifestyle();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const { hash } = useLocation();
  // The invitation e-mail links to #lifestyle.
  useEffect(() => {
    if (hash !== '#lifestyle' || !mine.isSuccess) return;
    const section = document.getElementById('lifestyle');
    section?.scrollIntoView();
    section?.focus({ preventScroll: true });
  }, [hash, mine.isSuccess]);

  const answered = mine.data?.answers.length ?? 0;
  const asked = mine.data?.questions.length ?? 0;
  return (
    <section id="lifestyle" className={styles.section} aria-labelledby="lifestyle-heading" tabIndex={-1}>
      <h2 id="lifestyle-heading">Lifestyle Profile</h2>
      <p className={styles.muted}>Optional. {FIT_SHOWS}</p>
      {mine.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : mine.isError ? (
        <p role="alert">{mine.error instanceof ApiError ? mine.error.message : messages.api.internal.message}</p>
      ) : editing ? (
        <LifestyleForm
          questions={mine.data.questions}
          answers={mine.data.answers}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            setStatus('Your lifestyle answers are saved.');
          }}
        />
      ) : (
        <>
          <p>
            {answered === 0
              ? 'You have not answered the lifestyle questionnaire.'
              : `You answered ${answered} of ${asked} questions.`}
          </p>
          {answered > 0 ? (
            <WhatOthersSee name={name} questions={mine.data.questions} answers={mine.data.answers} />
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonStyles.button}
              onClick={() => {
                setStatus(null);
                setEditing(true);
              }}
            >
              {answered === 0 ? 'Fill the questionnaire' : 'Edit my answers'}
            </button>
            {answered > 0 && !confirming ? (
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                onClick={() => setConfirming(true)}
              >
                Delete my answers
              </button>
            ) : null}
          </div>
          {confirming ? (
            <div className={styles.actions}>
              <p>Delete every lifestyle answer? Fits will no longer include you.</p>
              <button
                type="button"
                className={buttonStyles.button}
                disabled={removeAnswers.isPending}
                onClick={() =>
                  removeAnswers.mutate(undefined, {
                    onSuccess: () => {
                      setConfirming(false);
                      setStatus('Your lifestyle answers are deleted.');
                    },
                    onError: () => setStatus('Your answers were not deleted. Try again.'),
                  })
                }
              >
                Yes, delete them
              </button>
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                onClick={() => setConfirming(false)}
              >
                Keep them
              </button>
            </div>
          ) : null}
        </>
      )}
      <div role="status">{status ? <p className={styles.ok}>{status}</p> : null}</div>
    </section>
  );
}

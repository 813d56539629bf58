import type { ReactNode } from 'react';
import fieldStyles from './FormField.module.css';

/** The ids a control's aria-describedby lists: its hint, then its error, when they are shown. */
export function describedBy(id: string, error?: string, hint?: boolean): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A labelled form field: the label, an optional hint and error (ids `${id}-hint` and
 * `${id}-error`, for the control's aria-describedby), around the control given as children.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
        {required ? (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import fieldStyles from '../../ui/FormField.module.css';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input whose error is tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, hint, ...input }, ref) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} style={{ margin: 0, fontSize: 'var(--font-size-sm)', color: 'var(--color-text-muted)' }}>
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        id={id}
        className={fieldStyles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

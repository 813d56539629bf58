import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { describedBy, Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input whose hint and error are tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, hint, ...input }, ref) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={id}
        className={fieldStyles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
        {...input}
      />
    </Field>
  );
});

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

/**
 * A 'Show password' checkbox: the password fields above it show their text while it is checked.
 * A checkbox (not an icon in the field) so it has a visible label and one state to announce.
 */
export function ShowPassword({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  const id = useId();
  return (
    // The scripts' alone: its place is kept but it is not drawn until they are here (the stylesheet,
    // while #root is not data-ready), so no tick waits unseen; never drawn without them.
    <div className={fieldStyles.showPassword} data-needs-scripts="">
      <input id={id} type="checkbox" checked={shown} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>Show password</label>
    </div>
  );
}

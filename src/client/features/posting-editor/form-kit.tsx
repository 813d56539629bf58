import type { ComponentPropsWithRef } from 'react';
import { describedBy } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import type { FieldErrors } from '../../ui/schema-form';
import type { PostingFormValues } from './form-values';

/** The value at a dotted name (`members.1.name`) of the form's values. */
export function valueAt(values: PostingFormValues, name: string): unknown {
  let node: unknown = values;
  for (const part of name.split('.')) {
    if (node === undefined || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** What every fieldset of the posting form uses to draw a control: ids, errors and the drawn values. */
export type FormKit = ReturnType<typeof formKit>;

/**
 * `drawn` are the values the fields start from (the form is drawn anew when they change as a
 * whole: an edited posting loaded, a created one sent); what is typed stays in the fields.
 */
export function formKit(uid: string, errors: FieldErrors, drawn: PostingFormValues) {
  /** The form's own id for a field (unique on the page). */
  const fid = (name: string) => `${uid}-${name.replaceAll('.', '-')}`;
  /** The field's inline error, if any. */
  const err = (name: string): string | undefined => errors[name];
  /** What ties a control to its label, hint and error. */
  const controlAria = (name: string, hint?: boolean) => ({
    id: fid(name),
    className: fieldStyles.control,
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': describedBy(fid(name), err(name), hint),
  });
  /** The same, and the control named in the form with its drawn value. */
  const controlProps = (name: string, hint?: boolean) => ({
    ...controlAria(name, hint),
    name,
    defaultValue: String(valueAt(drawn, name) ?? ''),
  });
  /** A checkbox read as true or false (no `value` attribute). */
  const checkProps = (name: string) => ({
    id: fid(name),
    type: 'checkbox' as const,
    name,
    defaultChecked: valueAt(drawn, name) === true,
  });
  return { fid, err, controlAria, controlProps, checkProps };
}

/** A select of fixed choices after a blank first option that says what to choose. */
export function ChoiceSelect<T extends string>({
  placeholder,
  choices,
  labels,
  ...select
}: { placeholder: string; choices: readonly T[]; labels: Record<T, string> } & ComponentPropsWithRef<'select'>) {
  return (
    <select {...select}>
      <option value="">{placeholder}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </select>
  );
}

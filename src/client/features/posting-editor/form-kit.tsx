import type { ComponentPropsWithRef } from 'react';
import type { Control, FieldErrors, FieldPath, UseFormRegister } from 'react-hook-form';
import type { PostingWrite } from '../../../shared/schemas/posting';
import { describedBy } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import type { PostingFormValues } from './form-values';

type Path = FieldPath<PostingFormValues>;

/** Everything the form's errors say, in the order the fields appear (for the inline messages). */
function errorAt(errors: FieldErrors<PostingFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (node === undefined || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** What every fieldset of the posting form uses to draw a control: ids, errors and registration. */
export type FormKit = ReturnType<typeof formKit>;

export function formKit(
  uid: string,
  errors: FieldErrors<PostingFormValues>,
  register: UseFormRegister<PostingFormValues>,
  control: Control<PostingFormValues, unknown, PostingWrite>,
) {
  /** The form's own id for a field (unique on the page). */
  const fid = (name: string) => `${uid}-${name.replaceAll('.', '-')}`;
  /** The field's inline error, if any. */
  const err = (path: Path) => errorAt(errors, path);
  /** What ties a control to its label, hint and error. */
  const controlAria = (name: Path, hint?: boolean) => ({
    id: fid(name),
    className: fieldStyles.control,
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': describedBy(fid(name), err(name), hint),
  });
  /** The same, and the control registered with the form. */
  const controlProps = (name: Path, hint?: boolean) => ({
    ...controlAria(name, hint),
    ...register(name),
  });
  return { fid, err, controlAria, controlProps, register, control };
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

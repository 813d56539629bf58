/**
 * The product's one way to make a form (decision 0044): a native `<form>` whose fields are plain
 * uncontrolled controls, read when it is sent and checked with the shared zod schema the server
 * runs (any Standard Schema). Drawn by the server, the same form posts without scripts (where it
 * has an `action` under /api/forms) and keeps what was typed while the scripts take it over; once
 * they have, sending is the app's: invalid fields get the schema's own words, the first of them
 * takes focus, and each change after a first try checks again.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type FormEvent, useRef, useState } from 'react';
import type { FieldErrors, SchemaFormResult } from './schema-check';

export type { FieldErrors, SchemaFormResult };

export interface SchemaFormOptions<S extends StandardSchemaV1> {
  /** The shared schema, or a loader of it (a page that must stay small loads it on first focus). */
  schema: S | (() => Promise<S>);
  /** Called with the schema's typed output when the fields are valid. */
  onValid: (values: StandardSchemaV1.InferOutput<S>, form: HTMLFormElement) => Promise<void> | void;
  /** Called when a send is refused (focus has gone to the first field in error). */
  onInvalid?: (errors: FieldErrors, form: HTMLFormElement) => void;
  /** What is checked, made from what the fields hold (a form whose read values need a change). */
  prepare?: (values: Record<string, unknown>) => unknown;
  /** The errors a form is drawn with (the server drew it again after a send): checked again on change. */
  initialErrors?: FieldErrors;
}

/**
 * A native form checked with a shared schema. Spread `formProps` on the `<form>` (with its own
 * `method` and `action` where a plain form route exists), give each field its `error(name)`.
 */
export function useSchemaForm<S extends StandardSchemaV1>({
  schema,
  onValid,
  onInvalid,
  prepare,
  initialErrors,
}: SchemaFormOptions<S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useRef<Promise<[typeof import('./schema-check'), S]>>(null);
  const tried = useRef(initialErrors !== undefined && Object.keys(initialErrors).length > 0);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const [submitting, setSubmitting] = useState(false);

  // The checking code and the schema, once (a schema is an object; a loader of one is a function).
  const load = () =>
    (loaded.current ??= Promise.all([
      import('./schema-check'),
      '~standard' in schema ? schema : (schema as () => Promise<S>)(),
    ]));

  /** Reads the fields, checks them and shows what is wrong (nothing when they are valid). */
  const validate = async (form: HTMLFormElement): Promise<SchemaFormResult<S>> => {
    const [{ check }, resolved] = await load();
    const result = await check(form, resolved, prepare);
    setErrors(result.ok ? {} : result.errors);
    return result;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (submitting) return;
    tried.current = true;
    setSubmitting(true);
    try {
      const result = await validate(form);
      if (result.ok) await onValid(result.values, form);
      else {
        // The first field in error, in the page's order, takes focus.
        ([...form.elements] as HTMLInputElement[]).find((field) => field.name in result.errors)?.focus();
        onInvalid?.(result.errors, form);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return {
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      // Once a send has been tried, each change checks again: the errors follow what is typed.
      onChange: (event: FormEvent<HTMLFormElement>) => void (tried.current && validate(event.currentTarget)),
      // A schema loaded on demand starts loading when a field is first focused.
      onFocus: () => void load().catch(() => undefined),
    },
    formRef,
    errors,
    error: (name: string): string | undefined => errors[name],
    submitting,
    /** Checks the fields now and shows what is wrong (a preview checks without sending). */
    validate: () => (formRef.current ? validate(formRef.current) : Promise.resolve(null)),
    /** Back to the values the form was drawn with, no errors shown until the next send. */
    reset: () => {
      tried.current = false;
      formRef.current?.reset();
      setErrors({});
    },
  };
}

import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormRegisterReturn } from 'react-hook-form';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * The part of react-hook-form's `useForm` that a small form of text fields uses (`register`,
 * `handleSubmit`, `reset`, `formState.errors`, `formState.isSubmitting`), for pages whose first load must
 * stay small (the sign-in page, decision 0009). It takes the same resolvers (`zodResolver` of
 * the shared schemas), but loads the resolver when it is first needed: when a field gets focus
 * or at the first submit. Like react-hook-form's defaults it validates on submit, then again on
 * every change, and moves focus to the first field in error.
 */
export function useLightForm<T extends FieldValues>({
  loadResolver,
  defaultValues,
}: {
  loadResolver: () => Promise<Resolver<T>>;
  defaultValues: T;
}) {
  const fields = useRef(new Map<string, FieldElement>());
  const initialized = useRef(new Set<string>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const validate = useCallback(async () => {
    const resolver = await loadResolver();
    const values = { ...defaultValues };
    for (const [name, input] of fields.current) {
      if (input.isConnected) (values as Record<string, unknown>)[name] = input.value;
    }
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    setErrors(result.errors);
    return result;
  }, [loadResolver, defaultValues]);

  const register = (name: Path<T>): UseFormRegisterReturn<Path<T>> & { onFocus: () => void } => ({
    name,
    // React calls a new ref callback on every render (null for the old one, then the element):
    // only the first element of a name gets the default value, so typing is never undone; nor is
    // what was typed in a drawn field before the scripts took the page over (issue 31).
    ref: (input: FieldElement | null) => {
      if (!input) return;
      if (fields.current.get(name) !== input) {
        const typedBeforeScripts = input.value !== input.defaultValue;
        if (!initialized.current.has(name) && !typedBeforeScripts) input.value = String(defaultValues[name] ?? '');
        initialized.current.add(name);
        fields.current.set(name, input);
      }
    },
    onChange: async () => {
      if (submitted.current) await validate();
    },
    onBlur: async () => undefined,
    onFocus: () => void loadResolver().catch(() => undefined),
  });

  const handleSubmit =
    (onValid: (values: T) => Promise<void> | void) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const result = await validate();
        const invalid = [...fields.current].find(([name, input]) => input.isConnected && name in result.errors);
        if (invalid) invalid[1].focus();
        else await onValid(result.values as T);
      } finally {
        setSubmitting(false);
      }
    };

  /** Back to the default values, with no errors shown until the next submit. */
  const reset = () => {
    submitted.current = false;
    for (const [name, input] of fields.current) input.value = String(defaultValues[name as Path<T>] ?? '');
    setErrors({});
  };

  return { register, handleSubmit, reset, formState: { errors, isSubmitting } };
}

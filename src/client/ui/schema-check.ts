/**
 * The product's one way to make a form (decision 0044): a native `<form>` whose fields are plain
 * uncontrolled controls, read when it is sent and checked with the shared zod schema the server
 * runs (any Standard Schema). Drawn by the server, the same form posts without scripts (where it
 * has an `action` under /api/forms) and keeps what was typed while the scripts take it over; once
 * they have, sending is the app's: invalid fields get the schema's own words, the first of them
 * takes focus, and each change after a first try checks again.
 */

import type { StandardSchemaV1 } from '@standard-schema/spec';

/** The first message for each field, by its name (`members.0.name`); '' holds a form-wide one. */
export type FieldErrors = Readonly<Record<string, string>>;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Buttons (whose value is sent only by the one pressed) and files are not values. */
const NOT_VALUES = /^(submit|button|reset|image|file)$/;

/**
 * Named fields and their values as the schema's input: dotted names nest (`members.0.name` is
 * `{ members: [{ name }] }`, a numeric part naming an array's place). Exported for its unit test.
 */
export function nestValues(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const parts = name.split('.');
    const last = parts.pop() as string;
    let node = values;
    parts.forEach((part, at) => {
      node[part] ??= /^\d/.test(parts[at + 1] ?? last) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
    node[last] = value;
  }
  return values;
}

/**
 * What a form's fields hold, as typed as HTML allows: text, selects and a chosen radio as strings
 * ('' when no radio of a name is chosen); a checkbox with no `value` attribute as true or false;
 * checkboxes that carry a `value` as the list of those checked. Disabled fields, buttons and files
 * are not values.
 */
export function readForm(form: HTMLFormElement): Record<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const element of form.elements as unknown as Control[]) {
    const { name, type } = element;
    if (!name || element.disabled || NOT_VALUES.test(type) || !('value' in element)) continue;
    const checked = (element as HTMLInputElement).checked;
    if (type === 'checkbox' && element.hasAttribute('value')) {
      const list = (entries.get(name) as string[] | undefined) ?? [];
      entries.set(name, checked ? [...list, element.value] : list);
    } else if (type === 'checkbox') entries.set(name, checked);
    else if (type !== 'radio' || checked) entries.set(name, element.value);
    else if (!entries.has(name)) entries.set(name, '');
  }
  return nestValues(entries);
}

const pathKey = (segment: PropertyKey | StandardSchemaV1.PathSegment) =>
  String(typeof segment === 'object' ? segment.key : segment);

/** A schema's issues as the first message of each field. Exported for its unit test. */
export function errorsOf(issues: ReadonlyArray<StandardSchemaV1.Issue>): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = (issue.path ?? []).map(pathKey).join('.');
    if (!(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/** The fields of `form` (through `prepare` when given) checked with `schema`. */
export async function check<S extends StandardSchemaV1>(
  form: HTMLFormElement,
  schema: S,
  prepare?: (values: Record<string, unknown>) => unknown,
): Promise<SchemaFormResult<S>> {
  const read = readForm(form);
  const result = await schema['~standard'].validate(prepare ? prepare(read) : read);
  return result.issues ? { ok: false, errors: errorsOf(result.issues) } : { ok: true, values: result.value };
}

export type SchemaFormResult<S extends StandardSchemaV1> =
  | { ok: true; values: StandardSchemaV1.InferOutput<S> }
  | { ok: false; errors: FieldErrors };

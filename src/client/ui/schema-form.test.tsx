// @vitest-environment jsdom
import { act, useId } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formActions } from '../../shared/form-posts';
import { messages } from '../../shared/messages';
import { signInSchema, signUpSchema } from '../../shared/schemas/auth';
import { z } from '../../shared/schemas/zod';
import { describedBy } from './Field';
import { errorsOf, nestValues, readForm } from './schema-check';
import { useSchemaForm } from './schema-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function formOf(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  return form;
}

describe('readForm', () => {
  it('reads text, selects, radios, checkboxes and nested names as the schema expects them', () => {
    const form = formOf(`
      <input name="name" value="Ada">
      <select name="year"><option value="">Choose</option><option value="senior" selected>Senior</option></select>
      <input type="radio" name="place" value="oncampus"><input type="radio" name="place" value="offcampus" checked>
      <input type="radio" name="unchosen" value="a">
      <input type="checkbox" name="sublet" checked>
      <input type="checkbox" name="quiet">
      <input type="checkbox" name="share" value="phone" checked><input type="checkbox" name="share" value="email">
      <input name="members.0.name" value="Ada"><input name="members.1.name" value="Grace">
      <input name="skipped" value="x" disabled>
      <input type="file" name="images">
      <button name="go" value="yes">Go</button>
    `);
    expect(readForm(form)).toEqual({
      name: 'Ada',
      year: 'senior',
      place: 'offcampus',
      unchosen: '',
      sublet: true,
      quiet: false,
      share: ['phone'],
      members: [{ name: 'Ada' }, { name: 'Grace' }],
    });
  });

  it('nests dotted names into objects and arrays', () => {
    expect(
      nestValues([
        ['a.b', 1],
        ['list.0.x', 'y'],
        ['list.1.x', 'z'],
      ]),
    ).toEqual({
      a: { b: 1 },
      list: [{ x: 'y' }, { x: 'z' }],
    });
  });
});

describe('errorsOf', () => {
  it('keeps the first message of each field, by its dotted name', () => {
    const result = z
      .object({ members: z.array(z.object({ name: z.string().min(1, 'Name first') })), note: z.string() })
      .safeParse({ members: [{ name: '' }], note: 3 });
    expect(result.success).toBe(false);
    const errors = errorsOf(result.error?.issues ?? []);
    expect(errors['members.0.name']).toBe('Name first');
    expect(Object.keys(errors)).toEqual(['members.0.name', 'note']);
  });
});

/** A form as the product's forms are made: a Field-like error wiring on each control. */
function SignIn({ onValid, lazy }: { onValid: (values: unknown) => void; lazy?: boolean }) {
  const uid = useId();
  const form = useSchemaForm({ schema: lazy ? () => Promise.resolve(signInSchema) : signInSchema, onValid });
  const field = (name: 'email' | 'password') => ({
    id: `${uid}-${name}`,
    name,
    'aria-invalid': form.error(name) ? true : undefined,
    'aria-describedby': describedBy(`${uid}-${name}`, form.error(name)),
  });
  return (
    <form method="post" action={formActions.signIn()} {...form.formProps}>
      <input type="hidden" name="returnTo" value="/postings" />
      <input {...field('email')} type="email" defaultValue="" />
      {form.error('email') ? <p id={`${uid}-email-error`}>{form.error('email')}</p> : null}
      <input {...field('password')} type="password" />
      {form.error('password') ? <p id={`${uid}-password-error`}>{form.error('password')}</p> : null}
      <button type="submit" disabled={form.submitting}>
        Sign In
      </button>
    </form>
  );
}

function SignUp({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useSchemaForm({ schema: signUpSchema, onValid });
  return (
    <form {...form.formProps}>
      <input name="name" defaultValue="Ada" />
      <input name="email" defaultValue="ada@bc.edu" />
      <input name="password" defaultValue="long enough 1" />
      <input
        name="confirmPassword"
        defaultValue="other"
        aria-invalid={form.error('confirmPassword') ? true : undefined}
      />
      <p role="alert">{form.error('confirmPassword')}</p>
    </form>
  );
}

const input = (name: string) => host.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;

/** Types as a person does: the value, then the input event React listens to. */
function type(element: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

async function submit() {
  await act(async () => {
    host.querySelector('form')?.requestSubmit();
  });
}

describe('useSchemaForm', () => {
  it('refuses invalid fields with the spec words, wired to the field, and focuses the first', async () => {
    const onValid = vi.fn();
    act(() => root.render(<SignIn onValid={onValid} />));
    type(input('email'), 'not-an-address');
    await submit();

    expect(onValid).not.toHaveBeenCalled();
    const email = input('email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedById = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedById)?.textContent).toBe(messages.auth.emailInvalid);
    expect(input('password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });

  it('gives the schema output to onValid, and the app sends it instead of the browser', async () => {
    const onValid = vi.fn();
    act(() => root.render(<SignIn onValid={onValid} />));
    type(input('email'), '  ada@bc.edu ');
    type(input('password'), 'secret');
    const event = new Event('submit', { bubbles: true, cancelable: true });
    await act(async () => {
      host.querySelector('form')?.dispatchEvent(event);
    });
    // Trimmed by the schema, the hidden return field not part of it.
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@bc.edu', password: 'secret' }, host.querySelector('form'));
    expect(event.defaultPrevented).toBe(true);
  });

  it('checks again on each change once a send was tried, and not before', async () => {
    act(() => root.render(<SignIn onValid={() => undefined} lazy />));
    await act(async () => type(input('email'), 'x'));
    expect(input('email').getAttribute('aria-invalid')).toBeNull();

    await submit();
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    await act(async () => type(input('email'), 'ada@bc.edu'));
    expect(input('email').getAttribute('aria-invalid')).toBeNull();
    expect(input('password').getAttribute('aria-invalid')).toBe('true');
  });

  it('places a refinement of two fields on the field the schema names', async () => {
    const onValid = vi.fn();
    act(() => root.render(<SignUp onValid={onValid} />));
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(messages.auth.passwordsDiffer);
    expect(document.activeElement).toBe(input('confirmPassword'));
  });
});

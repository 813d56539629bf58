/**
 * What a person typed or chose in a drawn form before the scripts took the page over (issue 31):
 * kept, and told to the app as if done now. React keeps what is in a drawn field when it takes the
 * page over, but its state does not know it: a controlled field is put back at the next render, a
 * form library writes its defaults over it, a radio's choice is lost. So a form reads its fields
 * from the drawn page while React is taking it over, before anything is written to them, and once
 * taken over plays each change back through the field's own events (its onChange runs, as for a
 * person's input).
 */
import { useEffect, useState } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Change =
  | { at: number; kind: 'text'; drawn: string; now: string }
  | { at: number; kind: 'select'; now: string }
  | { at: number; kind: 'check'; now: boolean }
  | { at: number; kind: 'files' };

/** Set once a form has been taken over: a form drawn by the browser itself has nothing to keep. */
const TAKEN_OVER = 'data-taken-over';

const NOT_TYPED = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

function controlsOf(form: Element): Control[] {
  return [...form.querySelectorAll<Control>('input, select, textarea')].filter(
    (control) => !(control instanceof HTMLInputElement && NOT_TYPED.has(control.type)),
  );
}

/** The fields whose state differs from what the server drew, in the page's order. */
function changesIn(form: Element): Change[] {
  const changes: Change[] = [];
  controlsOf(form).forEach((control, at) => {
    if (control instanceof HTMLSelectElement) {
      const drawn = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
      if (drawn && control.value !== drawn.value) changes.push({ at, kind: 'select', now: control.value });
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked) changes.push({ at, kind: 'check', now: control.checked });
    } else if (control instanceof HTMLInputElement && control.type === 'file') {
      if ((control.files?.length ?? 0) > 0) changes.push({ at, kind: 'files' });
    } else if (control.value !== control.defaultValue) {
      changes.push({ at, kind: 'text', drawn: control.defaultValue, now: control.value });
    }
  });
  return changes;
}

/** Sets a value past React's own record of it, so the event that follows reads as a change. */
function setNatively(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
}

const shown = (control: Element) => control.getClientRects().length > 0;

function playBack(form: Element, changes: Change[]) {
  const controls = controlsOf(form);
  for (const change of changes) {
    const control = controls[change.at];
    // A field the page no longer shows (the other location's, once the choice is played back) is
    // not the person's to keep.
    if (!control || !shown(control)) continue;
    if (change.kind === 'select' && control instanceof HTMLSelectElement) {
      control.value = change.now;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (change.kind === 'check' && control instanceof HTMLInputElement) {
      // A radio is played back by checking the one chosen (the group's others follow).
      if (control.type === 'radio' && !change.now) continue;
      // As the app left it, then a click as the person's: the field's onChange runs.
      control.checked = !change.now;
      control.click();
    } else if (change.kind === 'files') {
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (change.kind === 'text' && !(control instanceof HTMLSelectElement)) {
      control.value = change.drawn;
      setNatively(control, change.now);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * Keeps what was typed or chosen in the drawn form `id` before the scripts arrived: read while
 * React takes the form over (this component's first render, before React writes anything), played
 * back once the form's own effects have run. Call it after the form's other effects.
 */
export function useTypedBeforeScripts(id: string): void {
  const [changes] = useState<Change[]>(() => {
    if (typeof document === 'undefined') return [];
    const form = document.getElementById(id);
    return form && !form.hasAttribute(TAKEN_OVER) ? changesIn(form) : [];
  });
  useEffect(() => {
    const form = document.getElementById(id);
    if (!form || form.hasAttribute(TAKEN_OVER)) return;
    form.setAttribute(TAKEN_OVER, '');
    if (changes.length > 0) playBack(form, changes);
  }, [id, changes]);
}

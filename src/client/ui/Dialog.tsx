import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './Dialog.module.css';
import { hideOthers } from './hide-others';

export interface DialogProps {
  open: boolean;
  title: string;
  /** One sentence read out with the title; longer text goes in `children`. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom (use `buttonClass` for the look). */
  actions?: ReactNode;
  /** False: Escape and clicks outside do not close it (a decision is required). */
  dismissible?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on close; call `event.preventDefault()` to move it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Where focus starts instead of the first focusable element (what the browser picks): the safe
   * choice, or static text (tabIndex -1) when no action should be one keypress away.
   */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** What Tab reaches in `root`, in order; of a radio group only the checked radio (else the first). */
function tabbables(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]')];
  const radios = (name: string) =>
    all.filter((el) => el instanceof HTMLInputElement && el.type === 'radio' && el.name === name);
  return all.filter((el) => {
    if (el.tabIndex < 0 || el.matches(':disabled') || el.getClientRects().length === 0) return false;
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked) return true;
    const group = radios(el.name);
    return group[0] === el && !group.some((radio) => (radio as HTMLInputElement).checked);
  });
}

// Whether a portal can be made: never on the server, nor while hydrating what it drew.
const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * An accessible modal dialog on the native `<dialog>` element opened with `showModal()`
 * (decision 0009): the browser moves focus in, makes the page behind inert, and puts it above
 * everything. Tab and Shift+Tab wrap around inside it, as the WAI-ARIA dialog pattern asks (the
 * browser alone lets focus leave for its own toolbar). The title names it, the description
 * describes it, and focus returns to where it was when it closes or unmounts.
 */
export function Dialog({
  open,
  title,
  description,
  children,
  actions,
  dismissible = true,
  onOpenChange,
  onCloseAutoFocus,
  initialFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const portable = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  /** Opened and not yet given focus back. */
  const owesFocus = useRef(false);
  const showOthers = useRef<(() => void) | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Read by the event handlers below, which must see the latest props.
  const latest = useRef({ open, dismissible, onOpenChange, onCloseAutoFocus, initialFocus });
  latest.current = { open, dismissible, onOpenChange, onCloseAutoFocus, initialFocus };

  /**
   * Gives focus back to the opener unless `onCloseAutoFocus` moved it itself, once per opening.
   * Reads refs only.
   */
  const returnFocus = useCallback(() => {
    if (!owesFocus.current) return;
    owesFocus.current = false;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    const event = new Event('closeautofocus', { cancelable: true });
    latest.current.onCloseAutoFocus?.(event);
    if (!event.defaultPrevented && target?.isConnected) target.focus();
  }, []);

  useLayoutEffect(() => {
    // Until hydration is done there is no <dialog> (see below); this runs again once there is.
    if (!portable) return;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      owesFocus.current = true;
      showOthers.current ??= hideOthers(dialog);
      dialog.showModal();
      latest.current.initialFocus?.current?.focus();
    }
    if (!open) {
      // The page comes back first and focus returns at once, in this commit: a dialog that opens
      // as this one closes (an outcome after a confirmation) then finds focus on the control that
      // opened the first, and gives it back there in turn.
      showOthers.current?.();
      showOthers.current = null;
      if (dialog.open) dialog.close();
      returnFocus();
    }
  }, [open, returnFocus, portable]);

  // Closing by unmounting (the parent stops rendering it) must also give focus back.
  useLayoutEffect(
    () => () => {
      showOthers.current?.();
      showOthers.current = null;
      if (ref.current?.open) ref.current.close();
      returnFocus();
    },
    [returnFocus],
  );

  const requestClose = () => {
    if (latest.current.dismissible) latest.current.onOpenChange?.(false);
  };

  // Escape: the browser would close the element itself; the `open` prop decides instead.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose();
  };

  // Browsers may close a modal dialog without a cancellable event (e.g. Escape pressed twice
  // without other input). A dialog that must stay open opens again; otherwise it reports it.
  const onClose = () => {
    const dialog = ref.current;
    // Open again by the time the event arrives: it was closed and reopened (React's development
    // checks unmount and remount every component once).
    if (!dialog || dialog.open) return;
    if (latest.current.open) {
      if (latest.current.dismissible) latest.current.onOpenChange?.(false);
      else dialog.showModal();
      return;
    }
    returnFocus();
  };

  // Tab past the last control comes back to the first, Shift+Tab before the first goes to the last.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A dialog that must stay open takes Escape itself: the browser's close request is the key's
    // default action, and a second Escape in a row would close it with no cancellable event (it
    // then opened again only once the close event arrived, so it blinked shut for a moment).
    if (event.key === 'Escape' && !latest.current.dismissible) {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = tabbables(event.currentTarget);
    const [edge, wrapTo] = event.shiftKey ? [items[0], items.at(-1)] : [items.at(-1), items[0]];
    const active = document.activeElement as HTMLElement | null;
    if (active === edge || !items.includes(active as HTMLElement)) {
      event.preventDefault();
      wrapTo?.focus();
    }
  };

  // A click on the backdrop lands on the <dialog> element itself, outside its content box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) requestClose();
  };

  // Nothing on the server, nor while hydrating what it drew (a portal has no place in the page's
  // HTML): the browser adds it once the page is its own.
  if (!portable) return null;
  // In the body, beside the app rather than inside it, so the app can be marked inert.
  return createPortal(
    <dialog
      ref={ref}
      className={styles.content}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {open ? (
        <>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}

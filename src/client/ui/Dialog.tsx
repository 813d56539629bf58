import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './Dialog.module.css';

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
}

/**
 * An accessible modal dialog (WAI-ARIA dialog pattern through Radix): focus moves in and is
 * trapped, the page behind is inert, the title names it and focus returns on close.
 */
export function Dialog({ open, title, description, children, actions, dismissible = true, onOpenChange }: DialogProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (dismissible || next ? onOpenChange?.(next) : undefined)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

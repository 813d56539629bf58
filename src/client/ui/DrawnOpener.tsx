import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import styles from './DrawnOpener.module.css';

interface DrawnOpenerProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  /** The page that draws what the button opens, with its anchor (`/detailView#report-posting`). */
  action: string;
  /** The address's query that asks that page to draw it, as hidden fields, in order. */
  fields: readonly (readonly [name: string, value: string])[];
  /** Opens it in the page once the scripts are here (a dialog, an editor). */
  onOpen(): void;
}

/**
 * A button that opens a confirmation or a form (issue 31): before the scripts, or without them, it
 * is a GET form that asks for the page with that confirmation or form drawn in it; once they are
 * here, the tap opens it in the page instead.
 */
export function DrawnOpener({ action, fields, onOpen, type = 'submit', children, ...button }: DrawnOpenerProps) {
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onOpen();
  };
  return (
    <form method="get" action={action} className={styles.opener}>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button {...button} type={type} onClick={open}>
        {children}
      </button>
    </form>
  );
}

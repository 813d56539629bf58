import { Fragment } from 'react';
import { mailtoHref } from '../ui/mailto';
import styles from './EmailLink.module.css';

/** The pieces of `text` with a line-break opportunity before each dot. */
function breakableAtDots(text: string) {
  return text.split(/(?=\.)/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order, never reordered
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * A mailto link whose address never breaks in the middle of a word (narrow screens used to split
 * 'maeve.kelly' into 'mae' / 've.kelly'). It wraps before the '@' first, keeping the domain whole,
 * and only when the name itself is wider than the line, at its dots.
 */
export function EmailLink({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return (
    <a href={mailtoHref(email)} className={styles.email} aria-label={email}>
      <span className={styles.piece}>{breakableAtDots(local)}</span>
      {domain ? (
        <>
          <wbr />
          <span className={styles.piece}>{breakableAtDots(domain)}</span>
        </>
      ) : null}
    </a>
  );
}

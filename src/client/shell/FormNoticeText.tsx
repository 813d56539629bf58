import { FORM_NOTICES, isFormNoticeCode } from '../../shared/form-notices';
import styles from '../ui/Notice.module.css';

/** A notice's words (src/shared/form-notices.ts); a code that is not one of them says nothing. */
export default function FormNoticeText({ code }: { code: string }) {
  if (!isFormNoticeCode(code)) return null;
  const notice = FORM_NOTICES[code];
  const title = 'title' in notice ? notice.title : undefined;
  return (
    <div
      className={`${styles.notice} ${styles.inPage} ${styles[notice.tone]}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {title ? <p className={styles.title}>{title}</p> : null}
      <p>{notice.message}</p>
    </div>
  );
}

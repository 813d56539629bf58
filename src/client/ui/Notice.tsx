import { useSyncExternalStore } from 'react';
import styles from './Notice.module.css';

export type NoticeTone = 'info' | 'success' | 'error';

interface Notice {
  id: number;
  title?: string;
  message: string;
  tone: NoticeTone;
}

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Shows a timed message (e.g. 'Access restricted...' for 3 s). Lives outside React state so it
 * survives navigation between layouts (signing out, redirects to the sign-in page).
 */
export function showNotice(input: { title?: string; message: string; tone?: NoticeTone; durationMs: number }): void {
  const notice: Notice = { id: nextId++, title: input.title, message: input.message, tone: input.tone ?? 'info' };
  notices = [...notices, notice];
  emit();
  setTimeout(() => {
    notices = notices.filter((n) => n.id !== notice.id);
    emit();
  }, input.durationMs);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => notices;

/** Where notices appear; a polite live region, so screen readers announce each one. */
export function NoticeViewport() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className={styles.viewport} role="status" aria-live="polite" aria-atomic="false">
      {current.map((notice) => (
        <div key={notice.id} className={`${styles.notice} ${styles[notice.tone]}`}>
          {notice.title ? <p className={styles.title}>{notice.title}</p> : null}
          <p>{notice.message}</p>
        </div>
      ))}
    </div>
  );
}

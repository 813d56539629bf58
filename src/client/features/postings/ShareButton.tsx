import { useId, useLayoutEffect, useState } from 'react';
import { useScriptsReady } from '../../shell/scripts-ready';
import buttonStyles from '../../ui/Button.module.css';
import styles from './ShareButton.module.css';

function LinkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Copies the posting's address (`path`, made whole with this site's origin when clicked: the
 * server draws the button without knowing it) so it can be sent to roommates. Where the clipboard
 * is not available (an insecure origin, a refused permission) the address is shown selected instead.
 *
 * Copying takes the scripts. Before they arrive, or without them, the control opens the posting's
 * link to copy by the browser's own menu (press and hold, or right-click: the browser makes it
 * whole); opened before the scripts, it shows the whole address, selected, once they are here
 * (issue 31).
 */
export function ShareButton({ path }: { path: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [url, setUrl] = useState(path);
  const ready = useScriptsReady();
  const drawnId = useId();
  // Read as the drawn page is taken over, while its disclosure is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the drawn page is taken over
  useLayoutEffect(() => {
    if ((document.getElementById(drawnId) as HTMLDetailsElement | null)?.open) {
      setUrl(`${window.location.origin}${path}`);
      setState('manual');
    }
  }, []);
  const copy = async () => {
    const url = `${window.location.origin}${path}`;
    setUrl(url);
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  if (!ready) {
    return (
      <details id={drawnId} className={styles.drawn}>
        <summary className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          <LinkIcon />
          Copy link
        </summary>
        <p className={styles.manual}>
          Press and hold the link (or right-click it) to copy it: <a href={path}>Link to this posting</a>
        </p>
      </details>
    );
  }
  return (
    <div className={styles.share}>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => void copy()}>
        <LinkIcon />
        Copy link
      </button>
      <p role="status" className={styles.status}>
        {state === 'copied' ? 'Link copied.' : ''}
      </p>
      {state === 'manual' ? (
        <label className={styles.manual}>
          <span>Copy this link:</span>
          <input readOnly value={url} onFocus={(event) => event.currentTarget.select()} ref={(el) => el?.select()} />
        </label>
      ) : null}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { messages } from '../../shared/messages';
import { MOBILE_WARNING_MAX_WIDTH } from '../../shared/options';
import { useCollege } from '../shell/config-context';
import buttonStyles from '../ui/Button.module.css';
import { Dialog } from '../ui/Dialog';

const SEEN_IN_APP = 'quadmates.warning.inAppBrowser';
const SEEN_MOBILE = 'quadmates.warning.mobile';

/** The in-app browser named in a user agent, if sign-in is known to break inside it. */
function inAppBrowserOf(userAgent: string): 'Instagram' | 'LinkedIn' | null {
  if (/\bInstagram\b/i.test(userAgent)) return 'Instagram';
  if (/\bLinkedInApp\b/i.test(userAgent)) return 'LinkedIn';
  return null;
}

function seen(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function remember(key: string): void {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // storage unavailable: the warning may show again, which is harmless
  }
}

type Warning = { key: string; title: string; text: string; button: string };

function pendingWarnings(productName: string): Warning[] {
  const list: Warning[] = [];
  const app = inAppBrowserOf(navigator.userAgent);
  if (app && !seen(SEEN_IN_APP)) {
    list.push({
      key: SEEN_IN_APP,
      title: messages.inAppBrowser.title(app),
      text: messages.auth.inAppBrowserText(app),
      button: messages.inAppBrowser.button,
    });
  }
  if (window.innerWidth <= MOBILE_WARNING_MAX_WIDTH && !seen(SEEN_MOBILE)) {
    list.push({
      key: SEEN_MOBILE,
      title: messages.mobileWarning.title,
      text: messages.auth.mobileWarningText(productName),
      button: messages.mobileWarning.button,
    });
  }
  return list;
}

/** The in-app browser and narrow-screen warnings, each shown once per visit. */
export function Warnings() {
  const { productName } = useCollege();
  // Read after the first render: the server draws pages without knowing the screen or the browser.
  const [queue, setQueue] = useState<Warning[]>([]);
  useEffect(() => setQueue(pendingWarnings(productName)), [productName]);
  const current = queue[0];
  if (!current) return null;
  const acknowledge = () => {
    remember(current.key);
    setQueue((list) => list.slice(1));
  };
  return (
    <Dialog
      open
      title={current.title}
      description={current.text}
      onOpenChange={(open) => (open ? undefined : acknowledge())}
      actions={
        <button type="button" className={buttonStyles.button} onClick={acknowledge}>
          {current.button}
        </button>
      }
    />
  );
}

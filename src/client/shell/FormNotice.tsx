import { Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { NOTICE_PARAM } from '../../shared/form-posts';
import { lazyPart } from '../ui/lazy-part';

// The words of every notice load only on a page that has one (a form answered without the scripts).
const NoticeText = lazyPart(() => import('./FormNoticeText').then((module) => module.default));

/**
 * What happened to a form the page sent without its scripts (issue 31): the server's redirect names
 * it in the address (`?notice=`), and the page says it, drawn by the server. Once the scripts have
 * taken the page over the code leaves the address (a reload does not say it again); the words stay
 * until the person goes to another page.
 */
export function FormNotice() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The page it is about: the words stay while the page does (its own parameters may change).
  const [notice] = useState(() => ({ code: params.get(NOTICE_PARAM), at: pathname }));
  const hasCode = params.has(NOTICE_PARAM);
  useEffect(() => {
    if (!hasCode) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(NOTICE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hasCode, setParams]);
  if (!notice.code || pathname !== notice.at) return null;
  return (
    <Suspense fallback={null}>
      <NoticeText code={notice.code} />
    </Suspense>
  );
}

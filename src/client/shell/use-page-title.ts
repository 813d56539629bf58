import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../../shared/routes';
import { useCollege } from './config-context';
import { useDrawing } from './drawing';

/**
 * Sets the document's title as the route table says ('{page} · {product}', src/shared/routes.ts),
 * so each screen is announced by name; `subject` is what the page shows, for a route whose title
 * names it (a posting's place, the other side of a conversation). On the server the drawing keeps
 * it for the drawn page's <title>.
 */
export function usePageTitle(subject?: string): void {
  const { productName } = useCollege();
  const { pathname, search } = useLocation();
  const title = documentTitle(pathname, productName, { search: new URLSearchParams(search), subject });
  const drawing = useDrawing();
  if (drawing) drawing.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

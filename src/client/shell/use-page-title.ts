import { useEffect } from 'react';
import { useCollege } from './config-context';

/** Sets the document title as '{page} · {product}' so each screen is announced by name. */
export function usePageTitle(title: string): void {
  const { productName } = useCollege();
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}

import { useCollege } from '../../app/config-context';
import { PlaceholderPage } from '../../app/PlaceholderPage';

export function Component() {
  const { productName } = useCollege();
  return <PlaceholderPage title={`Welcome to ${productName} Postings`} />;
}

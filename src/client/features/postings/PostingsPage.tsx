import { PlaceholderPage } from '../../app/PlaceholderPage';

export function Component() {
  return <PlaceholderPage title="Search Postings" />;
}

import { PlaceholderPage } from '../../app/PlaceholderPage';

export function Component() {
  return <PlaceholderPage title="Contact Us" />;
}

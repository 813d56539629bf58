import { usePageTitle } from '../shell/use-page-title';

/** A route whose feature has not been built yet: it shows its title and nothing else. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
    </div>
  );
}

import { useCollege } from '../../shell/config-context';
import { usePageTitle } from '../../shell/use-page-title';
import { SearchLauncher } from './SearchLauncher';
import styles from './WelcomePage.module.css';

/** /welcomeToPostings: a welcome, the location choice and the filter bar whose Search opens /postings. */
export function Component() {
  const { productName } = useCollege();
  const title = `Welcome to ${productName} Postings`;
  usePageTitle();
  return (
    <div className={`page ${styles.page}`}>
      <h1>{title}</h1>
      <p className={styles.lead}>Choose where you want to live, narrow it down, and meet your future roommates.</p>
      <SearchLauncher panelId="welcome-filters" />
    </div>
  );
}

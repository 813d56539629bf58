import { useCollege } from '../../app/config-context';
import { usePageTitle } from '../../app/use-page-title';
import styles from './SignInPage.module.css';

export function Component() {
  const college = useCollege();
  usePageTitle('Sign in');
  return (
    <div className={styles.wall}>
      <div className={styles.card}>
        <img src={college.logoFull} alt={college.productName} width="200" height="48" className={styles.logo} />
        <h1 className={styles.heading}>Sign in with your {college.college.name} email to continue</h1>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { useCollege } from '../../shell/config-context';
import { useSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import styles from './AboutPage.module.css';

/** /about (public): what the product is, in a few lines, with the way to Our Purpose and Contact Us. */
export function Component() {
  const { productName, college } = useCollege();
  const session = useSession();
  usePageTitle();
  return (
    <article className={styles.page}>
      <h1>About {productName}</h1>
      <p className={styles.lead}>
        {productName} is where students of {college.name} find roommates and housing.
      </p>
      <ul className={styles.points}>
        <li>
          <strong>Groups post what they need.</strong> An on-campus group names its dorm and how many more roommates it
          seeks; an off-campus group gives the address, the rent and the dates of its rental or sublet.
        </li>
        <li>
          <strong>Students search and reach out.</strong> Filter postings by dorm, group size, housing aim, gender and
          year, bookmark the ones you like, and ping a group's admin, who answers from their profile.
        </li>
        <li>
          <strong>Only {college.name} students.</strong> Every account uses an @{college.emailDomain} e-mail address.{' '}
          {productName} does not run background checks: meet people with care.
        </li>
      </ul>
      <nav className={styles.links} aria-label="Learn more">
        <Link to="/our-purpose">Our Purpose</Link>
        <Link to="/contact-us">Contact Us</Link>
        {session.status === 'signedOut' ? <Link to="/signin-wall">Sign In</Link> : null}
      </nav>
    </article>
  );
}

import { Link } from 'react-router';
import { useClock } from '../shell/clock';
import { useCollege } from '../shell/config-context';
import { useGroupsMatched } from '../shell/groups-matched';
import { mailtoHref } from '../ui/mailto';
import styles from './Footer.module.css';

export function Footer() {
  const clock = useClock();
  const college = useCollege();
  const { footer } = college;
  const groupsMatched = useGroupsMatched();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <ul className={styles.list}>
            <li>
              <a href={mailtoHref(footer.contactEmail)}>{footer.contactEmail}</a>
            </li>
            {footer.contactPhone ? (
              <li>
                <a href={`tel:${footer.contactPhone}`}>{footer.contactPhone}</a>
              </li>
            ) : null}
            {footer.instagram ? (
              <li>
                <a href={`https://www.instagram.com/${footer.instagram}/`} rel="noopener noreferrer" target="_blank">
                  Instagram @{footer.instagram}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={styles.heading}>
            Resources
          </h2>
          <ul className={styles.list}>
            {footer.resourceLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" target="_blank">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <p className={styles.claim}>
          {groupsMatched === undefined ? null : (
            <>
              <strong>{groupsMatched}</strong> groups matched to date
            </>
          )}
        </p>
      </div>
      <p className={styles.copyright}>
        © {clock.zone === 'utc' ? new Date(clock.now).getUTCFullYear() : new Date(clock.now).getFullYear()}{' '}
        {college.productName} · for students of {college.college.name} ·{' '}
        <Link to="/about">About {college.productName}</Link>
      </p>
    </footer>
  );
}

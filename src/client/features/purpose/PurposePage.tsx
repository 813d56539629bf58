import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCollege } from '../../shell/config-context';
import { useGroupsMatched } from '../../shell/groups-matched';
import { usePageTitle } from '../../shell/use-page-title';
import styles from './PurposePage.module.css';

/** Spec section 9: a paragraph is revealed once 70% of it is visible. */
const REVEAL_THRESHOLD = 0.7;

function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Hidden only visually until revealed: screen readers always get the text.
  return (
    <div ref={ref} className={`${styles.reveal} ${shown ? styles.shown : ''}`}>
      {children}
    </div>
  );
}

export function Component() {
  usePageTitle();
  const college = useCollege();
  const groupsMatched = useGroupsMatched();
  const dormExample = college.dorms[0]?.label ?? 'a dorm';
  return (
    <div className={styles.page}>
      <section className={styles.banner} aria-labelledby="purpose-title">
        <h1 id="purpose-title">Welcome to {college.productName}</h1>
        <p>
          Finding people to live with should not depend on who you happen to know. {college.productName} helps{' '}
          {college.college.name} students find roommates and housing, on campus and off.
        </p>
      </section>

      <div className={styles.blocks}>
        <section className={styles.block} aria-labelledby="purpose-on">
          <img src={college.dorms[0]?.image} alt="" className={styles.blockImage} width="640" height="400" />
          <h2 id="purpose-on">On-Campus</h2>
          <p>
            Short a roommate or two for {dormExample} or another residence hall? Post your group, say how many more you
            are looking for, and let students who need a group find you.
          </p>
        </section>
        <section className={styles.block} aria-labelledby="purpose-off">
          <img src={college.offCampusImage} alt="" className={styles.blockImage} width="640" height="400" />
          <h2 id="purpose-off">Off-Campus</h2>
          <p>
            Signing a lease or subletting for a semester? List the address, the rent and the dates, and fill the empty
            rooms with fellow students.
          </p>
        </section>
      </div>

      <section className={styles.story} aria-labelledby="purpose-why">
        <h2 id="purpose-why">Why we built it</h2>
        <Reveal>
          <p>
            Every housing season, students scramble through group chats and social media posts to complete their groups.
            Good matches slip by because the right people never see each other's posts.
          </p>
        </Reveal>
        <Reveal>
          <p>
            {college.productName} puts every group in one place. Search by dorm, group size, class year and more,
            bookmark the groups you like, and ping their admin when you are interested.
          </p>
        </Reveal>
        <Reveal>
          <p>
            Only students with a {college.college.name} e-mail address can join, so the people you meet here are your
            classmates. We do not run background checks: meet in public and trust your judgement.
          </p>
        </Reveal>
        <Reveal>
          <p>
            {groupsMatched === undefined ? null : (
              <>
                <strong>{groupsMatched}</strong> groups matched so far.{' '}
              </>
            )}
            Ready to be next? <Link to="/postings">Search postings</Link> or{' '}
            <Link to="/create-posting">create a posting</Link>.
          </p>
        </Reveal>
      </section>
    </div>
  );
}

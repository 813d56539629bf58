import { LISTING_LOCATION_LABELS } from '../../../shared/options';
import { LazyPinPickerMap } from '../../features/map/LazyPinPickerMap';
import { PostingForm } from '../../features/posting-editor';
import { SearchLauncher } from '../../features/postings/SearchLauncher';
import { useCollege } from '../../shell/config-context';
import { usePageTitle } from '../../shell/use-page-title';
import { Backdrop } from './Backdrop';
import styles from './LandingPage.module.css';

/** / : the rotating campus backdrop, the location toggle, the search bar, and the posting form. */
export function Component() {
  const { productName, college } = useCollege();
  usePageTitle();
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <Backdrop />
        <div className={styles.heroContent}>
          <h1 id="landing-title" className={styles.title}>
            {productName}
          </h1>
          <p className={styles.tagline}>Find your roommates and your home at {college.name}.</p>
          <SearchLauncher panelId="landing-search" labels={LISTING_LOCATION_LABELS} />
        </div>
      </section>
      <section className={styles.form} aria-labelledby="landing-form-title">
        <div className={styles.formIntro}>
          <h2 id="landing-form-title">Post Your Group</h2>
          <p>Looking for more roommates? Describe your group and who you are looking for.</p>
        </div>
        <PostingForm pinMap={(pin) => <LazyPinPickerMap {...pin} />} />
      </section>
    </div>
  );
}

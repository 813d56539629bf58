import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LANDING_BACKDROP_ROTATION_MS } from '../../../shared/options';
import { useCollege } from '../../shell/config-context';
import { removeFirstBackdrop } from '../../shell/first-backdrop';
import styles from './LandingPage.module.css';

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  // False on the server and while hydrating what it drew; the browser's answer right after.
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setReduced(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * The landing backdrop: the college's campus images, one every 7 s. Only the current and the next
 * image are loaded. It stays still for people who prefer reduced motion, and a button pauses it.
 */
export function Backdrop() {
  const { landingImages } = useCollege();
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useState(0);
  const rotating = !paused && !reduced && landingImages.length > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % landingImages.length), LANDING_BACKDROP_ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotating, landingImages.length]);
  const backdrop = useRef<HTMLDivElement>(null);
  // The page drew the first image before the scripts ran (first-backdrop.ts). It goes in the same
  // frame as this one paints: at once when the browser already has it, which it does.
  useLayoutEffect(() => {
    const first = backdrop.current?.querySelector('img');
    if (!first || first.complete) return removeFirstBackdrop();
    void first.decode().then(removeFirstBackdrop, removeFirstBackdrop);
    return removeFirstBackdrop;
  }, []);
  const next = (index + 1) % landingImages.length;
  return (
    <>
      <div ref={backdrop} className={styles.backdrop} aria-hidden="true">
        {landingImages.map((image, i) =>
          i === index || i === next ? (
            <img
              key={image.src}
              src={image.src}
              alt=""
              className={`${styles.backdropImage} ${i === index ? styles.visible : ''}`}
              fetchPriority={i === index ? 'high' : 'low'}
            />
          ) : null,
        )}
      </div>
      {landingImages.length > 1 && !reduced ? (
        <button type="button" className={styles.pause} aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          Pause images
        </button>
      ) : null}
    </>
  );
}

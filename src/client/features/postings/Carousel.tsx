import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { useScriptsReady } from '../../shell/scripts-ready';
import styles from './Carousel.module.css';

export interface Slide {
  src: string;
  alt: string;
}

const SWIPE_PX = 40;

/** The image drawn for a slide: the first is the detail view's largest paint, asked for first. */
function SlideImage({ slide, first }: { slide: Slide; first: boolean }) {
  return (
    <img
      src={slide.src}
      alt={slide.alt}
      draggable={false}
      loading={first ? 'eager' : 'lazy'}
      // The others wait behind it: the strip's next slide is close enough to the screen for a
      // lazy image to load at once, and at the browser's priority it shared the first photo's
      // bandwidth on a slow connection.
      fetchPriority={first ? 'high' : 'low'}
    />
  );
}

/**
 * The carousel before the scripts, or without them (issue 31): the slides side by side in a strip
 * that scrolls and snaps (a swipe moves it), each with previous/next links to its neighbours'
 * anchors (`#<idPrefix>-<n>`, wrapping around), so a tap, a keyboard or a swipe moves it with no
 * script at all.
 */
function DrawnCarousel({ slides, label, idPrefix }: { slides: Slide[]; label: string; idPrefix: string }) {
  const count = slides.length;
  const anchor = (i: number) => `${idPrefix}-${i + 1}`;
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <div id={`${idPrefix}-strip`} className={styles.strip}>
        {slides.map((slide, i) => {
          const previous = (i - 1 + count) % count;
          const next = (i + 1) % count;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slides are groups
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice; slides never reorder
              key={`${slide.src}-${i}`}
              id={anchor(i)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className={styles.stripSlide}
            >
              <div className={styles.frame}>
                <SlideImage slide={slide} first={i === 0} />
              </div>
              {count > 1 ? (
                <div className={styles.controls}>
                  <a className={styles.control} href={`#${anchor(previous)}`}>
                    <span aria-hidden="true">‹</span>
                    <span className="visually-hidden">
                      Previous image: {previous + 1} of {count}
                    </span>
                  </a>
                  <span className={styles.position} aria-hidden="true">
                    {i + 1} / {count}
                  </span>
                  <a className={styles.control} href={`#${anchor(next)}`}>
                    <span aria-hidden="true">›</span>
                    <span className="visually-hidden">
                      Next image: {next + 1} of {count}
                    </span>
                  </a>
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/**
 * An image carousel (WAI-ARIA carousel pattern): previous/next wrap around, the arrow keys move
 * when the carousel has focus, a horizontal swipe moves on touch screens, and each slide is
 * announced as 'n of m'. Drawn without the scripts as a strip of slides with links (DrawnCarousel);
 * the slide shown there when they arrive is the one they show.
 */
export function Carousel({ slides, label, idPrefix = 'slide' }: { slides: Slide[]; label: string; idPrefix?: string }) {
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = slides.length;
  const ready = useScriptsReady();
  // Read as the drawn page is taken over, while its strip is there: where it was moved to stays,
  // by a link (the address names the slide, even while the strip is still gliding) or a swipe.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the drawn page is taken over
  useLayoutEffect(() => {
    const strip = document.getElementById(`${idPrefix}-strip`);
    if (!strip) return;
    const linked = new RegExp(`^#${idPrefix}-(\\d+)$`).exec(window.location.hash);
    const at = linked
      ? Number(linked[1]) - 1
      : strip.clientWidth > 0
        ? Math.round(strip.scrollLeft / strip.clientWidth)
        : 0;
    if (at > 0 && at < count) setIndex(at);
  }, []);
  const go = (delta: number) => setIndex((current) => (current + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };
  if (count === 0) return null;
  if (!ready) return <DrawnCarousel slides={slides} label={label} idPrefix={idPrefix} />;
  const current = Math.min(index, count - 1);
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes focus so its arrow keys work
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div
        className={styles.viewport}
        aria-live="polite"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slides are groups
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice; slides never reorder
            key={`${slide.src}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
            className={styles.slide}
          >
            <SlideImage slide={slide} first={i === 0} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button type="button" className={styles.control} aria-label="Previous image" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <span className={styles.position} aria-hidden="true">
            {current + 1} / {count}
          </span>
          <button type="button" className={styles.control} aria-label="Next image" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

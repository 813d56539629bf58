import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import styles from './Carousel.module.css';

export interface Slide {
  src: string;
  alt: string;
}

const SWIPE_PX = 40;

/**
 * An image carousel (WAI-ARIA carousel pattern): previous/next wrap around, the arrow keys move
 * when the carousel has focus, a horizontal swipe moves on touch screens, and each slide is
 * announced as 'n of m'.
 */
export function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = slides.length;
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
            {/* The first slide is the detail view's largest paint: asked for first. */}
            <img
              src={slide.src}
              alt={slide.alt}
              draggable={false}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
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

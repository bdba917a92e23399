import type { HeroSlide } from './hero-slides';
import classes from './hero-carousel.module.css';

/**
 * The carousel's first picture, standing still, for the moment before the carousel's own code
 * has loaded (it loads once the page has rendered: `DeferredContent` in hero-section.tsx). Same
 * frame and size as the carousel, so nothing moves when it takes over.
 */
export function HeroCarouselStill({ slides, label }: { slides: readonly HeroSlide[]; label: string }) {
  const first = slides[0];
  return (
    <section aria-label={label} className={classes.carousel}>
      <div className={classes.viewport}>
        {first && <img src={first.imageUrl} alt={first.description} width={400} height={300} className={classes.image} />}
      </div>
      <div className={classes.controlsPlaceholder} />
    </section>
  );
}

import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { HERO_CAROUSEL_INTERVAL_MS } from '@tendly/domain/constants';
import type { HeroSlide } from './hero-slides';
import classes from './hero-carousel.module.css';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Embla watches slides with IntersectionObserver, which every browser we support has; where it is
 * missing (jsdom in other screens' tests, very old browsers) the first slide simply stays put.
 */
function canRunCarousel(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * The hero carousel (spec 2.9): six client and worker pictures, one every 4000 ms, after the
 * WAI-ARIA carousel pattern. Movement that starts by itself must be pausable (WCAG 2.2.2), so:
 * - a Pause/Play button, first in the carousel's tab order;
 * - rotation holds while the pointer is over the carousel or keyboard focus is in it (except on
 *   the Pause/Play button, so pressing Play there resumes it at once);
 * - people who ask their system for reduced motion get no rotation until they press Play;
 * - a swipe or drag counts as the user taking over, and pauses it.
 * The rotation itself is embla's Autoplay plugin; this component only says when it may run.
 */
export function HeroCarousel({ slides, label }: { slides: readonly HeroSlide[]; label: string }) {
  const [isReducedMotion] = useState(prefersReducedMotion);
  const [isSupported] = useState(canRunCarousel);
  const [isPausedByUser, setPausedByUser] = useState(isReducedMotion);
  const [isHovered, setHovered] = useState(false);
  const [hasFocusInside, setFocusInside] = useState(false);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const slidesId = useId();

  // Embla compares options and plugins between renders; created once, they never re-initialise it.
  const [options] = useState(() => ({ loop: true, duration: 30 }));
  const [plugins] = useState(() => [
    Autoplay({
      delay: HERO_CAROUSEL_INTERVAL_MS,
      playOnInit: false,
      jump: isReducedMotion,
      stopOnInteraction: true,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  ]);
  const [viewportRef, emblaApi] = useEmblaCarousel(options, plugins);

  const isRotating = !isPausedByUser && !isHovered && !hasFocusInside;

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelectedIndex(emblaApi.selectedScrollSnap());
    const onPointerDown = () => setPausedByUser(true);
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect).on('pointerDown', onPointerDown);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect).off('pointerDown', onPointerDown);
    };
  }, [emblaApi]);

  useEffect(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (isRotating) autoplay.play();
    else autoplay.stop();
  }, [emblaApi, isRotating]);

  const scrollPrev = useCallback(() => emblaApi?.scrollPrev(isReducedMotion), [emblaApi, isReducedMotion]);
  const scrollNext = useCallback(() => emblaApi?.scrollNext(isReducedMotion), [emblaApi, isReducedMotion]);

  function handleFocus(event: FocusEvent<HTMLElement>) {
    setFocusInside(event.target !== rotationButton.current);
  }

  function handleBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocusInside(false);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={classes.carousel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      <div className={classes.viewport} ref={isSupported ? viewportRef : undefined}>
        <div id={slidesId} className={classes.container} aria-live={isRotating ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`Slide ${index + 1} of ${slides.length}: ${slide.title}`}
              aria-hidden={index === selectedIndex ? undefined : true}
              data-selected={index === selectedIndex || undefined}
              className={classes.slide}
            >
              <img src={slide.imageUrl} alt={slide.description} width={400} height={300} className={classes.image} />
            </div>
          ))}
        </div>
      </div>

      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Button
          ref={rotationButton}
          variant="default"
          onClick={() => setPausedByUser((paused) => !paused)}
          aria-label={isPausedByUser ? 'Play the slideshow' : 'Pause the slideshow'}
          leftSection={<span aria-hidden="true">{isPausedByUser ? '▶' : '❚❚'}</span>}
        >
          {isPausedByUser ? 'Play' : 'Pause'}
        </Button>
        <Text size="sm" aria-hidden="true">
          {selectedIndex + 1} / {slides.length}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size={44} onClick={scrollPrev} aria-label="Previous slide" aria-controls={slidesId}>
            <span aria-hidden="true">←</span>
          </ActionIcon>
          <ActionIcon variant="default" size={44} onClick={scrollNext} aria-label="Next slide" aria-controls={slidesId}>
            <span aria-hidden="true">→</span>
          </ActionIcon>
        </Group>
      </Group>
    </section>
  );
}

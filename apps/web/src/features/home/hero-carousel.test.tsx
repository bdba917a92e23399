import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { HERO_CAROUSEL_INTERVAL_MS } from '@tendly/domain/constants';
import { fakeMediaQueryList } from '../../test-media-query';
import { HeroCarousel } from './hero-carousel';
import { heroSlides } from './hero-slides';

/**
 * jsdom lays nothing out, so embla would see six slides of width 0 and nothing to scroll. Each
 * slide is given a width of 400 and its place in the row; the viewport and the row are 400 wide.
 */
const WIDTH = 400;
const descriptors = {
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  offsetLeft: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetLeft'),
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => WIDTH });
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.getAttribute('aria-roledescription') !== 'slide' || !this.parentElement) return 0;
      return Array.from(this.parentElement.children).indexOf(this) * WIDTH;
    },
  });
});

afterAll(() => {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => fakeMediaQueryList(query, reduce && query.includes('prefers-reduced-motion: reduce')));
}

function renderCarousel() {
  render(
    <MantineProvider>
      <HeroCarousel slides={heroSlides} label="People and their support workers" />
    </MantineProvider>,
  );
  // Let embla initialise (it starts in an effect).
  act(() => vi.advanceTimersByTime(0));
}

function currentSlide(): string | null {
  const slides = screen.getAllByRole('group', { hidden: true }).filter((slide) => slide.getAttribute('aria-roledescription') === 'slide');
  return slides.find((slide) => slide.getAttribute('aria-hidden') !== 'true')?.getAttribute('aria-label') ?? null;
}

function wait(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

describe('the hero carousel', () => {
  it('is a labelled carousel of six named slides with their pictures', () => {
    mockReducedMotion(false);
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'People and their support workers' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = screen.getAllByRole('group', { hidden: true }).filter((slide) => slide.getAttribute('aria-roledescription') === 'slide');
    expect(slides).toHaveLength(6);
    expect(slides[1]?.getAttribute('aria-label')).toBe('Slide 2 of 6: At the café');
    for (const slide of heroSlides) expect(screen.getByRole('img', { name: slide.description, hidden: true })).toBeTruthy();
  });

  it('moves to the next slide every 4000 ms', () => {
    mockReducedMotion(false);
    renderCarousel();
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
    wait(HERO_CAROUSEL_INTERVAL_MS - 1);
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
    wait(1);
    expect(currentSlide()).toMatch(/^Slide 2 of 6/);
    wait(HERO_CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toMatch(/^Slide 3 of 6/);
  });

  it('stops when paused and starts again on Play', () => {
    mockReducedMotion(false);
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    wait(HERO_CAROUSEL_INTERVAL_MS * 3);
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    wait(HERO_CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toMatch(/^Slide 2 of 6/);
  });

  it('holds while the pointer is over it or keyboard focus is inside', () => {
    mockReducedMotion(false);
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'People and their support workers' });
    fireEvent.mouseEnter(carousel);
    wait(HERO_CAROUSEL_INTERVAL_MS * 2);
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
    fireEvent.mouseLeave(carousel);
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    wait(HERO_CAROUSEL_INTERVAL_MS * 2);
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur());
    wait(HERO_CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toMatch(/^Slide 2 of 6/);
  });

  it('starts paused when the system asks for reduced motion, and still moves on request', () => {
    mockReducedMotion(true);
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
    wait(HERO_CAROUSEL_INTERVAL_MS * 3);
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toMatch(/^Slide 2 of 6/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toMatch(/^Slide 1 of 6/);
  });
});

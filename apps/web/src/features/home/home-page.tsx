import { lazy, Suspense } from 'react';
import { DeferredContent } from '../../platform/deferred-content';
import { HeroSection } from './hero-section';
import classes from './home-page.module.css';

const BelowTheFold = lazy(() => import('./below-the-fold'));

/**
 * The home page (spec 2.9): its ten sections, in the spec's order. The hero renders with the
 * page; the nine sections below it load once the page has rendered (`DeferredContent`).
 */
export default function HomePage() {
  const placeholder = <div className={classes.belowTheFoldPlaceholder} aria-hidden="true" />;
  return (
    <>
      <HeroSection />
      <DeferredContent placeholder={placeholder}>
        <Suspense fallback={placeholder}>
          <BelowTheFold />
        </Suspense>
      </DeferredContent>
    </>
  );
}

import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { PageSection } from '../../platform/page-section';
import classes from './home-page.module.css';

/**
 * One section of the home page: a <section> named by its h2, so each one is a landmark screen
 * reader users can jump between, in the order of spec 2.9.
 */
export function HomeSection({
  title,
  intro,
  tone = 'plain',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  return (
    <PageSection title={title} intro={intro} className={classes.section} titleClassName={classes.sectionTitle} tone={tone}>
      {children}
    </PageSection>
  );
}

/**
 * What a section says while its content loads (spec section 4's words): a polite live region that
 * is always in the page, so the words are announced when they appear.
 */
export function SectionLoading({ isLoading, text }: { isLoading: boolean; text: string }) {
  return (
    <div aria-live="polite">
      {isLoading && (
        <Text mt="lg" role="status">
          {text}
        </Text>
      )}
    </div>
  );
}

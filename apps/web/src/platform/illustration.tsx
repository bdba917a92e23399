import { useId, type ReactNode } from 'react';

/**
 * A flat SVG illustration drawn for a page. It is an image with a short text alternative (its
 * <title>, WCAG 1.1.1), so a screen reader says what the picture shows and no more.
 */
export function Illustration({ title, viewBox = '0 0 320 240', children }: { title: string; viewBox?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={viewBox} role="img" aria-labelledby={titleId} focusable="false">
      <title id={titleId}>{title}</title>
      {children}
    </svg>
  );
}

/** The palette the illustrations share: the theme's teal with warm sand and peach. */
export const artColours = {
  tealDark: '#0a5f63',
  teal: '#138a8f',
  tealLight: '#9adcdc',
  tealPale: '#c5ecec',
  sand: '#fbe9d0',
  peach: '#f4b98a',
  skinLight: '#f1c7a5',
  skinMid: '#c98b61',
  skinDark: '#8d5a3b',
  hairDark: '#3b2a20',
  hairGrey: '#b9b4ae',
  white: '#ffffff',
  ink: '#27353a',
} as const;

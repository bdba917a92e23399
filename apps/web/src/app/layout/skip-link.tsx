import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** WCAG 2.4.1: the first thing a keyboard user reaches; visible when focused. */
export function SkipLink({ targetId }: { targetId: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Move focus without touching the URL, which the router owns.
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  }
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}

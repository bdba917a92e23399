import { Anchor, Box, Title } from '@mantine/core';
import type { MarkdownHeading } from '../../platform/markdown-content';
import classes from './policy-page.module.css';

const HEADING_ID = 'policy-contents-heading';

/**
 * "On this page": links to the policy's sections. Following a link also moves keyboard focus to
 * the section heading, so the next Tab continues from there and a screen reader reads it
 * (browsers only scroll to a fragment; they do not move focus).
 */
export function PolicyTableOfContents({ sections }: { sections: readonly MarkdownHeading[] }) {
  function focusSection(id: string) {
    const target = document.getElementById(id);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // Let the browser follow the fragment (history, scroll); focus after it has.
    window.setTimeout(() => target.focus({ preventScroll: true }), 0);
  }

  return (
    <Box component="nav" aria-labelledby={HEADING_ID} className={classes.contents}>
      <Title order={2} size="h4" id={HEADING_ID}>
        On this page
      </Title>
      <ol className={classes.contentsList}>
        {sections.map((section) => (
          <li key={section.id}>
            <Anchor href={`#${section.id}`} onClick={() => focusSection(section.id)}>
              {section.text}
            </Anchor>
          </li>
        ))}
      </ol>
    </Box>
  );
}

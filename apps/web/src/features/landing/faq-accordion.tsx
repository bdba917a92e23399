import type { ReactNode } from 'react';
import { Accordion, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';

export interface FaqEntry {
  readonly question: string;
  /** One paragraph of inline content (text and links). */
  readonly answer: ReactNode;
}

/**
 * Questions and answers as a disclosure list. Each question is a button inside an h3 (the
 * section holds the h2) that says whether it is expanded; Enter or Space opens and closes it,
 * and the arrow keys, Home and End move between questions. The opening animation is skipped
 * for people who ask for reduced motion (WCAG 2.3.3).
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const reduceMotion = useReducedMotion();
  return (
    <Accordion multiple order={3} variant="separated" transitionDuration={reduceMotion ? 0 : 200} maw={860}>
      {entries.map((entry, index) => (
        // Mantine builds the control's and panel's ids from the value, and an id may not hold spaces.
        <Accordion.Item key={entry.question} value={`question-${index + 1}`}>
          <Accordion.Control>
            <Text fw={600} component="span">
              {entry.question}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text>{entry.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

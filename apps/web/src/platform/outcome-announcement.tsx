import { Text, type MantineSpacing } from '@mantine/core';
import { Notice } from './notice';

/** What an action on a page came to: said politely when it worked, as an alert when it did not. */
export interface Outcome {
  readonly tone: 'success' | 'error';
  readonly text: string;
}

/**
 * The outcome of the last action on a page (a download, a run, an upload). The polite status
 * region is always in the page, so screen readers announce a success when its text arrives; a
 * failure is an alert.
 */
export function OutcomeAnnouncement({ outcome, mt, mb }: { outcome: Outcome | null; mt?: MantineSpacing; mb?: MantineSpacing }) {
  const spacing = { ...(mt !== undefined ? { mt } : {}), ...(mb !== undefined ? { mb } : {}) };
  return (
    <>
      <div role="status" aria-live="polite">
        {outcome?.tone === 'success' && (
          <Notice tone="success" {...spacing}>
            <Text>{outcome.text}</Text>
          </Notice>
        )}
      </div>
      {outcome?.tone === 'error' && (
        <Notice tone="error" role="alert" {...spacing}>
          <Text>{outcome.text}</Text>
        </Notice>
      )}
    </>
  );
}

/** The same for a page whose actions only tell of success: nothing is said while `text` is empty. */
export function SuccessAnnouncement({ text, mt }: { text: string; mt?: MantineSpacing }) {
  return <OutcomeAnnouncement outcome={text === '' ? null : { tone: 'success', text }} {...(mt !== undefined ? { mt } : {})} />;
}

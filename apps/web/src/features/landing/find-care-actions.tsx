import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';

/**
 * The calls to action of the pages for people looking for care: Post a job first, then Find
 * workers. Post a job is offered to visitors and care seekers only (spec section 6), so for
 * anyone else Find workers becomes the main action.
 */
export function FindCareActions({ onDark = false }: { onDark?: boolean }) {
  const site = useSiteConfig();
  const canPostJob = seesCareSeekerCallsToAction(useViewer());
  const primary = { variant: onDark ? 'white' : 'filled' } as const;
  const secondary = onDark ? ({ variant: 'outline', color: 'white' } as const) : ({ variant: 'outline', bg: 'white' } as const);
  return (
    <>
      {canPostJob && (
        <Button component={Link} to={sitePath(site, 'postJob')} size="lg" {...primary}>
          Post a job
        </Button>
      )}
      <Button component={Link} to={sitePath(site, 'workerSearch')} size="lg" {...(canPostJob ? secondary : primary)}>
        Find workers
      </Button>
    </>
  );
}

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';

beforeAll(async () => {
  await import('./post-job-page');
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 15_000 };

describe('the post a job wizard', { timeout: 60_000 }, () => {
  it('starts at step 1 and will not move on until the step is answered', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { router } = renderApp('/careseeker/post-a-job');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Step 1 of 8: The support needed' }, slow);
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Choose the kind of support needed')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(router.state.location.pathname).toBe('/careseeker/post-a-job/step-1');
    expect(heading).toBeTruthy();
  });
});

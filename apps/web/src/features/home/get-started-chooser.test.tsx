import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { mockHomeApi } from './test-home-api';

// Each test renders the whole app and loads the home screen, which takes a few seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Get started chooser', () => {
  it('keeps the button focusable but inert, with a reason, until an option is picked', async () => {
    const user = userEvent.setup();
    mockHomeApi();
    const { router } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'Get started' }, { timeout: 10_000 });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Choose one of the options above to get started.')).toBeTruthy();

    await user.click(button);
    expect(router.state.location.pathname).toBe('/');
    button.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');
  });

  // Post a job opens at its first step: the test waits for where the page settles, since the
  // move to /careseeker/post-a-job may already have gone on to step 1 when it first looks.
  it.each([
    ['looking for new care or support', '/careseeker/post-a-job/step-1'],
    ['a support worker', '/careworker'],
    ['a support coordinator', '/support-coordinator'],
    ['a provider organisation', '/providers'],
  ])('goes from "I am %s" to %s', async (label, target) => {
    const user = userEvent.setup();
    mockHomeApi();
    const { router } = renderApp('/');
    const group = await screen.findByRole('group', { name: 'I am…' }, { timeout: 10_000 });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: label }));
    const button = screen.getByRole('button', { name: 'Get started' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });
});

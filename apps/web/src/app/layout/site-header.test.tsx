import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSignedInUser } from '../../platform/session';
import { renderApp } from '../test-app';
import { testUser } from '../test-sessions';

async function mainNavLinks() {
  await screen.findByRole('heading', { level: 1 });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav).getAllByRole('link');
}

describe('site header', () => {
  it('shows a visitor exactly Home, Post a Job, Find Workers, Become a Worker and Login', async () => {
    renderApp('/');
    const links = await mainNavLinks();
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Post a Job', 'Find Workers', 'Become a Worker', 'Login']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/careseeker/post-a-job',
      '/care-workers/search',
      '/careworker',
      '/login',
    ]);
  });

  it('shows a care seeker their menu', async () => {
    setSignedInUser(testUser('CS'));
    renderApp('/');
    const links = await mainNavLinks();
    expect(links.map((link) => link.textContent)).toEqual(['Post a Job', 'Find Workers', 'Dashboard']);
  });

  it('marks the link to the current page with aria-current="page"', async () => {
    renderApp('/');
    const links = await mainNavLinks();
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Home']);
  });

  it('links the brand to the home page', async () => {
    renderApp('/no-such-page');
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Tendly' }).getAttribute('href')).toBe('/');
  });

  it('opens the menu drawer from the burger button', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Post a Job',
      'Find Workers',
      'Become a Worker',
      'Login',
    ]);
  });

  it('gives focus back to the menu button when the menu first closes (it is loaded on that first open)', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' })));
  });
});

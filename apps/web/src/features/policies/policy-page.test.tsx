import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';

// The first render loads the lazy screen and the policy's Markdown chunk; allow for a busy machine.
const loaded = { timeout: 10_000 };

describe('policy page', () => {
  it('shows the policy under its route title, with dates, contents, the text and whom to ask', async () => {
    renderApp('/privacy-policy');
    expect((await screen.findByRole('heading', { level: 1 }, loaded)).textContent).toBe('Privacy policy');
    expect(await screen.findByText(/Last updated/, {}, loaded)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      const target = document.getElementById(id);
      expect(target?.tagName, id).toBe('H2');
      expect(target?.textContent).toBe(link.textContent);
    }

    expect(screen.getByRole('heading', { level: 2, name: 'Purpose' })).toBeTruthy();
    const questions = screen.getByRole('region', { name: 'Questions about this policy?' });
    expect(within(questions).getByRole('link', { name: '1300 836 359' }).getAttribute('href')).toBe('tel:1300836359');
    expect(within(questions).getByRole('link', { name: 'support@tendly.com.au' })).toBeTruthy();
  });

  it('fills the brand into the text and moves focus to a section from the contents', async () => {
    const user = userEvent.setup();
    renderApp('/your-rights-using-tendly');
    expect((await screen.findByRole('heading', { level: 1 }, loaded)).textContent).toBe('Your rights');
    expect(await screen.findByRole('heading', { level: 3, name: 'To stop using Tendly' }, loaded)).toBeTruthy();

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    await user.click(within(contents).getByRole('link', { name: 'Your rights' }));
    const section = screen.getByRole('heading', { level: 2, name: 'Your rights' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(section);
  });

  it('links to the other policies inside the app', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/complaints-policy');
    await screen.findByText(/Last updated/, {}, loaded);
    const related = screen.getByRole('heading', { level: 2, name: 'Related policies' }).nextElementSibling;
    if (!(related instanceof HTMLElement)) throw new Error('Expected the list of related policies');
    await user.click(within(related).getByRole('link', { name: 'Code of conduct' }));
    expect(router.state.location.pathname).toBe('/code-of-conduct');
    expect((await screen.findByRole('heading', { level: 1, name: 'Code of conduct' }, loaded)).textContent).toBe('Code of conduct');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routeTable } from '@tendly/domain/routes';
import { renderApp } from '../test-app';

describe('site footer', () => {
  it('links the support phone and email, the blog, the company pages and every policy', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '1300 836 359' }).getAttribute('href')).toBe('tel:1300836359');
    expect(within(footer).getByRole('link', { name: 'support@tendly.com.au' }).getAttribute('href')).toBe(
      'mailto:support@tendly.com.au',
    );
    expect(within(footer).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('https://blog.example.com/');
    expect(within(footer).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
    expect(within(footer).getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about-us');
    const policies = within(screen.getByRole('navigation', { name: 'Policies' })).getAllByRole('link');
    expect(policies).toHaveLength(routeTable.filter((route) => route.screen === 'policy').length);
    expect(policies.map((link) => link.getAttribute('href'))).toContain('/your-rights-using-tendly');
    expect(within(footer).getByText(/© \d{4} Tendly\. All rights reserved\./)).toBeTruthy();
  }, 30_000);

  it('links the help centre once per role, and offers the newsletter', async () => {
    renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    const help = within(screen.getByRole('navigation', { name: 'Help centre' }));
    expect(help.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://help.example.com/care-seekers',
      'https://help.example.com/workers',
      'https://help.example.com/support-coordinators',
    ]);
    expect(await within(screen.getByRole('contentinfo')).findByRole('form', { name: 'Newsletter' }, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);
});

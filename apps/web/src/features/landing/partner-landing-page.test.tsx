import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PARTNER_OFFER_CENTS } from '@tendly/domain/constants';
import { formatCents } from '@tendly/domain/format';
import { renderApp, testSiteConfig } from '../../app/test-app';
import { partnerFromPath } from './partner-from-path';

const partners = testSiteConfig().partners;
const offerAmount = formatCents(PARTNER_OFFER_CENTS).replace(/\.00$/, '');

describe('partnerFromPath', () => {
  it('finds the partner whose slug is the path', () => {
    expect(partnerFromPath('/harbourside', partners)).toBe('one');
    expect(partnerFromPath('/riverbend', partners)).toBe('two');
  });

  it('accepts a trailing slash and any letter case, as the router does', () => {
    expect(partnerFromPath('/harbourside/', partners)).toBe('one');
    expect(partnerFromPath('/RiverBend', partners)).toBe('two');
  });

  it('finds no partner for any other path', () => {
    expect(partnerFromPath('/', partners)).toBeNull();
    expect(partnerFromPath('/harbourside-extra', partners)).toBeNull();
    expect(partnerFromPath('/providers', partners)).toBeNull();
  });
});

describe('partner landing page', () => {
  it('welcomes partner one’s customers with the offer and its terms', async () => {
    renderApp('/harbourside');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Welcome, Harbourside Aged Care customers' }, { timeout: 5000 })).toBeTruthy();
    expect(main.getByRole('heading', { level: 2, name: `${offerAmount} towards support worker payments` })).toBeTruthy();
    expect(offerAmount).toBe('$250');
    expect(main.getByText(/new Tendly customers who are customers of Harbourside Aged Care/)).toBeTruthy();
    expect(main.getByText(/first invoices/)).toBeTruthy();
    expect(main.getByText(/no cash value/)).toBeTruthy();
    expect(main.getAllByRole('link', { name: 'Post a job' })[0]?.getAttribute('href')).toBe('/careseeker/post-a-job');
    await waitFor(() => expect(document.title).toMatch(/^Harbourside Aged Care customers.*\| Tendly$/));
  });

  it('welcomes partner two’s customers without the offer', async () => {
    renderApp('/riverbend');
    const main = within(await screen.findByRole('main'));
    expect(
      await main.findByRole('heading', { level: 1, name: 'Welcome, Riverbend Community Services customers' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(main.queryByText(new RegExp(offerAmount.replace('$', '\\$')))).toBeNull();
    expect(main.queryByText(/no cash value/)).toBeNull();
    expect(main.getAllByRole('link', { name: 'Post a job' })[0]?.getAttribute('href')).toBe('/careseeker/post-a-job');
    await waitFor(() => expect(document.title).toBe('Support workers for Riverbend Community Services customers | Tendly'));
  });

  it('keeps the partner in the title after navigating in from another page', async () => {
    const { router } = renderApp('/providers');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe('For providers | Tendly'));
    await act(() => router.navigate('/riverbend'));
    await screen.findByRole('heading', { level: 1, name: /Riverbend Community Services/ }, { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe('Support workers for Riverbend Community Services customers | Tendly'));
  });

  it('follows the configured partners, not fixed names', async () => {
    const site = testSiteConfig({
      partners: { one: { name: 'Acme Care', slug: 'acme' }, two: { name: 'Bayview Health', slug: 'bayview' } },
    });
    renderApp('/bayview', site);
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Welcome, Bayview Health customers' }, { timeout: 5000 })).toBeTruthy();
    expect(main.queryByText(/towards support worker payments/)).toBeNull();
  });
});

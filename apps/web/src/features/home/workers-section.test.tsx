import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RECENT_WORKERS_FAILED } from '@tendly/domain/errors';
import { deferredReply } from '../../app/test-api';
import { renderApp } from '../../app/test-app';
import { mockHomeApi } from './test-home-api';

// Each test renders the whole app and loads the home screen, which takes a few seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOAD = { timeout: 10_000 };

async function workersSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Meet our care and support workers' }, LOAD);
  const section = heading.closest('section');
  if (!section) throw new Error('The workers heading is not in a section');
  return section;
}

describe('meet our care and support workers', () => {
  it('asks for three random workers and shows a card for each, linking to their profile', async () => {
    const { requests } = mockHomeApi();
    renderApp('/');
    const section = await workersSection();
    const cards = await within(section).findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(requests.some((request) => request.path === '/api/workers/random')).toBe(true);
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === '/api/workers/random?count=3')).toBe(true);

    const [first] = cards;
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('heading', { level: 3, name: 'Priya' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View Priya’s profile' }).getAttribute('href')).toBe('/carer/profile/worker-1');
    expect(within(first).getByText('Parramatta NSW')).toBeTruthy();
    expect(within(first).getByText('I love helping people stay active in their community.')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/priya.svg');
    expect(within(section).getByRole('link', { name: 'Learn more about our workers' }).getAttribute('href')).toBe('/workers');
  });

  it('cuts a blurb longer than 100 characters and adds an ellipsis', async () => {
    mockHomeApi();
    renderApp('/');
    const section = await workersSection();
    await within(section).findAllByRole('listitem');
    expect(within(section).getByText('Footscray VIC')).toBeTruthy();
    expect(within(section).getByText(`${'x'.repeat(100)}…`)).toBeTruthy();
  });

  it('says it is getting recent workers while the call is under way', async () => {
    const pending = deferredReply();
    mockHomeApi({ workers: pending.reply });
    renderApp('/');
    const section = await workersSection();
    expect(within(section).getByText('Getting recent workers...')).toBeTruthy();
    pending.resolve([200, []]);
    await vi.waitFor(() => expect(within(section).queryByText('Getting recent workers...')).toBeNull());
  });

  it('shows an alert with a title and message when the call fails', async () => {
    mockHomeApi({ workers: () => [500, { message: 'Database unavailable', code: 'INTERNAL' }] });
    renderApp('/');
    const section = await workersSection();
    const alert = await within(section).findByRole('alert', {}, LOAD);
    expect(within(alert).getByText("We're so sorry!")).toBeTruthy();
    expect(within(alert).getByText(RECENT_WORKERS_FAILED)).toBeTruthy();
    expect(within(section).queryByText('Getting recent workers...')).toBeNull();
  });
});

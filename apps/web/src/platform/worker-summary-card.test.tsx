import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { WorkerSummaryCard } from './worker-summary-card';

function worker(overrides: Partial<WorkerSummary> = {}): WorkerSummary {
  return {
    carerId: '3f1c2a9e-0000-4000-8000-000000000001',
    firstName: 'Eleni',
    lastInitial: 'P.',
    avatar: '/api/avatars/eleni.svg',
    suburb: 'Marrickville',
    state: 'NSW',
    distance: 2345,
    hourlyRate: 4550,
    headline: 'Aged care worker who loves a chat',
    description:
      'I have supported older people at home for eight years and love cooking, gardening and a good chat over a cuppa with the people I work with.',
    gender: 'FEMALE',
    skills: ['AGEDGEN', 'DEMENTIA', 'PARKINSONS', 'FRAIL', 'PC', 'CHCR'],
    languages: ['en', 'el'],
    qualifications: ['CERT3_INDIVIDUAL_SUPPORT'],
    availableDays: ['mon', 'tue'],
    driving: true,
    personalCare: true,
    checks: { policeCheck: true, ndisScreening: true, workingWithChildren: false },
    rating: 4.75,
    reviewCount: 12,
    lastActiveAt: '2025-03-01T00:00:00.000Z',
    joinedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderCard(element: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/carer/profile/:carerId', element: <h1>Profile page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('worker summary card', () => {
  it('shows who the worker is, where, how far, the rate, the blurb, skills, verified checks and rating', () => {
    renderCard(<WorkerSummaryCard worker={worker()} />);
    const card = within(screen.getByRole('article'));
    const link = card.getByRole('link', { name: 'Eleni P.' });
    expect(link.getAttribute('href')).toBe('/carer/profile/3f1c2a9e-0000-4000-8000-000000000001');
    expect(card.getByRole('heading', { level: 3, name: 'Eleni P.' })).toBeTruthy();
    expect(card.getByText('Marrickville NSW · 2.35 km away')).toBeTruthy();
    expect(card.getByText('$45.50 an hour on weekdays')).toBeTruthy();
    expect(card.getByText('Aged care worker who loves a chat')).toBeTruthy();
    const description = worker().description;
    expect(card.getByText(`${description.slice(0, 100).trimEnd()}…`)).toBeTruthy();
    expect(card.queryByText(description)).toBeNull();
    expect(card.getByText('4.8 out of 5 from 12 reviews')).toBeTruthy();

    const skills = within(card.getByRole('list', { name: 'Skills and experience' })).getAllByRole('listitem');
    expect(skills.map((item) => item.textContent)).toEqual(['General aged care', 'Dementia', "Parkinson's disease", 'Frail aged', '+2 more']);
    const checks = within(card.getByRole('list', { name: 'Verified checks' })).getAllByRole('listitem');
    expect(checks.map((item) => item.textContent)).toEqual(['✓ Police check', '✓ NDIS Worker Screening']);
    // The name is written beside the photo, so the photo is decoration to a screen reader.
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('leaves out what is not known: no distance without a searched place, no rate, no reviews, no checks', () => {
    renderCard(
      <WorkerSummaryCard
        worker={worker({
          distance: null,
          hourlyRate: null,
          rating: null,
          reviewCount: 0,
          headline: null,
          skills: [],
          checks: { policeCheck: false, ndisScreening: false, workingWithChildren: false },
        })}
        headingOrder={2}
      />,
    );
    const card = within(screen.getByRole('article'));
    expect(card.getByRole('heading', { level: 2, name: 'Eleni P.' })).toBeTruthy();
    expect(card.getByText('Marrickville NSW')).toBeTruthy();
    expect(card.queryByText(/km away/)).toBeNull();
    expect(card.getByText('Rates on request')).toBeTruthy();
    expect(card.getByText('No reviews yet')).toBeTruthy();
    expect(card.queryByRole('list', { name: 'Verified checks' })).toBeNull();
    expect(card.queryByRole('list', { name: 'Skills and experience' })).toBeNull();
  });

  it('writes the last initial with a full stop whether or not it came with one', () => {
    renderCard(<WorkerSummaryCard worker={worker({ lastInitial: 'F' })} />);
    expect(screen.getByRole('link', { name: 'Eleni F.' })).toBeTruthy();
  });

  it('writes a distance of whole kilometres without decimals, rounded from metres', () => {
    renderCard(<WorkerSummaryCard worker={worker({ distance: 5004 })} />);
    expect(screen.getByText('Marrickville NSW · 5 km away')).toBeTruthy();
  });

  it('opens the profile from the name, and keeps extra content of its own', async () => {
    const router = renderCard(
      <WorkerSummaryCard worker={worker()}>
        <p>Speaks Greek</p>
      </WorkerSummaryCard>,
    );
    expect(within(screen.getByRole('article')).getByText('Speaks Greek')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Eleni P.' }));
    expect(router.state.location.pathname).toBe('/carer/profile/3f1c2a9e-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
  });
});

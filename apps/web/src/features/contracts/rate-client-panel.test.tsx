import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Contract } from '@tendly/domain/api/contracts';
import { renderApp } from '../../app/test-app';
import { testContract } from '../../app/test-contracts';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./contract-page'));

const slow = { timeout: 10_000 };
const CONTRACT_ID = '5f0c6c4e-1111-4a7b-8c1d-0a0b0c0d0e0f';
const WORKER_ID = '7a1b2c3d-2222-4e5f-8a6b-7c8d9e0f1a2b';
const SEEKER_ID = '9c8b7a6d-3333-4f2e-9d1c-0b1a2c3d4e5f';
const RATING_PATH = `/api/clients/${SEEKER_ID}/rating`;

function contract(overrides: Partial<Contract> = {}): Contract {
  return testContract({ id: CONTRACT_ID, status: 'ACTIVE', careSeeker: { id: SEEKER_ID, firstName: 'Helen', lastName: 'Nguyen' }, worker: { id: WORKER_ID, firstName: 'Wren', lastName: 'Walker' }, ...overrides });
}

function api(role: 'CS' | 'CR', routes: ApiRoutes) {
  const id = role === 'CS' ? SEEKER_ID : WORKER_ID;
  setSignedInUser(testUser(role, { id, profileStatus: role === 'CR' ? 'ACTIVE' : null }));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role, { id }), {}], [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, contract()], ...routes });
}

describe('rating a client privately on the agreement page', { timeout: 30_000 }, () => {
  it('lets the worker rate the client 1 to 5 with an optional comment, saying only the operations team sees it', async () => {
    let saved: { rating: number; comment: string | null } | null = null;
    const { requests } = api('CR', {
      [`GET ${RATING_PATH}`]: () => [200, { canRate: true, rating: null }],
      [`PUT ${RATING_PATH}`]: (request) => {
        saved = request.body as { rating: number; comment: string | null };
        return [200, { careSeekerId: SEEKER_ID, ...saved, updatedAt: '2026-11-26T01:00:00.000Z' }];
      },
    });
    renderApp(`/contracts/${CONTRACT_ID}`);
    const panel = within(await screen.findByRole('region', { name: 'Rate this client privately' }, slow));
    expect(panel.getByText(/Only our operations team sees your rating and comment/)).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Save private rating' }));
    const problem = await panel.findByText('Choose from 1 to 5 stars');
    const describedBy = panel.getByRole('radiogroup', { name: /Your rating/ }).getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ')).toContain(problem.id);
    expect(document.activeElement).toBe(panel.getByLabelText('1 – Very poor'));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.click(panel.getByLabelText('2 – Poor'));
    fireEvent.click(panel.getByRole('button', { name: 'Save private rating' }));
    expect(await panel.findByText('Your private rating of Helen is saved. Only our operations team sees it.', undefined, slow)).toBeTruthy();
    expect(saved).toEqual({ rating: 2, comment: null });

    fireEvent.change(panel.getByLabelText(/Private comment/), { target: { value: '  Shouted at me twice.  ' } });
    fireEvent.click(panel.getByRole('button', { name: 'Update private rating' }));
    await screen.findByText(/You last rated Helen on 26 November 2026/, undefined, slow);
    await vi.waitFor(() => expect(saved).toEqual({ rating: 2, comment: 'Shouted at me twice.' }));
  });

  it('shows the rating already given, and the server’s field error at its field', async () => {
    api('CR', {
      [`GET ${RATING_PATH}`]: () => [200, { canRate: true, rating: { careSeekerId: SEEKER_ID, rating: 4, comment: 'Lovely family.', updatedAt: '2026-11-20T01:00:00.000Z' } }],
      [`PUT ${RATING_PATH}`]: () => [400, { message: 'Invalid', code: 'VALIDATION', errors: { comment: 'A comment is at most 1,000 characters' } }],
    });
    renderApp(`/contracts/${CONTRACT_ID}`);
    const panel = within(await screen.findByRole('region', { name: 'Rate this client privately' }, slow));
    expect((panel.getByLabelText('4 – Good') as HTMLInputElement).checked).toBe(true);
    expect((panel.getByLabelText(/Private comment/) as HTMLTextAreaElement).value).toBe('Lovely family.');
    fireEvent.click(panel.getByRole('button', { name: 'Update private rating' }));
    expect(await panel.findByText('A comment is at most 1,000 characters', undefined, slow)).toBeTruthy();
    expect(document.activeElement).toBe(panel.getByLabelText(/Private comment/));
  });

  it('shows nothing when the worker may not rate the client yet, nor to the care seeker', async () => {
    const { requests } = api('CR', { [`GET ${RATING_PATH}`]: () => [200, { canRate: false, rating: null }] });
    renderApp(`/contracts/${CONTRACT_ID}`);
    await screen.findByRole('button', { name: 'End agreement' }, slow);
    await vi.waitFor(() => expect(requests.some((request) => request.path === RATING_PATH)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Rate this client privately' })).toBeNull();
  });

  it('does not ask the care seeker', async () => {
    const { requests } = api('CS', {});
    renderApp(`/contracts/${CONTRACT_ID}`);
    await screen.findByRole('button', { name: 'End agreement' }, slow);
    expect(requests.some((request) => request.path === RATING_PATH)).toBe(false);
    expect(screen.queryByText('Rate this client privately')).toBeNull();
  });
});

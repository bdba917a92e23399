import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { WorkerOnboarding } from '@tendly/domain/api/worker-onboarding';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { notSubmittedReview as review, testOnboarding } from '../../app/test-onboarding';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const complete = testOnboarding();
const incomplete = testOnboarding({ currentDocumentKinds: [], refereeCount: 1 });

function open(onboarding: WorkerOnboarding, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })],
    'GET /api/worker/onboarding': () => [200, onboarding],
    ...routes,
  });
  setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
  renderApp('/care-worker/welcome');
  return api;
}

describe('the welcome checklist', { timeout: 15_000 }, () => {
  it('lists every step with its link and progress, and keeps Submit for review off until the required ones are done', async () => {
    open(incomplete);
    const checklist = await screen.findByRole('region', { name: 'Your checklist' });
    expect(within(checklist).getByRole('progressbar', { name: '80% of the required steps done' })).toBeTruthy();
    expect(within(checklist).getByRole('link', { name: 'Your required compliance documents' }).getAttribute('href')).toBe('/care-worker/documents');
    expect(within(checklist).getByRole('link', { name: '2 referees' }).getAttribute('href')).toBe('/care-worker/referees');
    expect(within(checklist).getByRole('link', { name: 'Your tax, super and bank details' }).getAttribute('href')).toBe('/tax-and-super');
    expect(screen.getByRole('button', { name: 'Submit for review' }).hasAttribute('disabled')).toBe(true);
  });

  it('submits a complete profile and then says it is being reviewed', async () => {
    const submitted: WorkerOnboarding = { ...complete, review: { ...review, submittedForReviewAt: '2026-11-24T01:00:00.000Z' } };
    const api = open(complete, { 'POST /api/worker/submit-for-review': () => [200, submitted] });
    const button = await screen.findByRole('button', { name: 'Submit for review' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText('We’re reviewing your profile')).toBeTruthy();
    expect(screen.getByText(/You submitted it on 24 November 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('lists the changes an administrator asked for, and lets the worker submit again', async () => {
    open({ ...complete, review: { ...review, submittedForReviewAt: '2026-11-01T01:00:00.000Z', changesRequested: ['A clearer photo', 'Your police check has expired'] } });
    const changes = await screen.findByRole('region', { name: 'Some changes are needed' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['A clearer photo', 'Your police check has expired']);
    expect(screen.getByRole('button', { name: 'Submit for review' }).hasAttribute('disabled')).toBe(false);
  });
});

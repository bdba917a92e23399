import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AnnualReview } from '@tendly/domain/api/annual-reviews';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';

setUpPageTests(() => import('./annual-review-page'), { signedInAs: testUser('CR', { profileStatus: 'ACTIVE' }) });

const slow = { timeout: 10_000 };
const answers = {
  wentWell: 'Steady routine with two clients.',
  wasHard: 'Winter travel.',
  trainingCompleted: 'First aid.',
  goalsNextYear: 'Certificate IV.',
  supportNeeded: '',
};

function testReview(overrides: Partial<AnnualReview> = {}): AnnualReview {
  return {
    id: 'review-1',
    year: 2026,
    answers,
    status: 'SUBMITTED',
    submittedAt: '2026-11-02T01:00:00.000Z',
    updatedAt: '2026-11-02T01:00:00.000Z',
    signedOffAt: null,
    signOffNote: null,
    ...overrides,
  };
}

function reviewApi(routes: ApiRoutes) {
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR')], ...routes });
}

describe('the annual review', { timeout: 30_000 }, () => {
  it('starts as a draft, checks the answers and sends the review', async () => {
    let reviews: AnnualReview[] = [];
    const api = reviewApi({
      'GET /api/worker/annual-reviews': () => [200, { currentYear: 2026, reviews }],
      'PUT /api/worker/annual-reviews/2026': (request) => {
        reviews = [testReview({ answers: request.body as typeof answers })];
        return [200, reviews[0]];
      },
    });
    renderApp('/care-worker/annual-review');
    expect(await screen.findByText('Draft: not sent yet', {}, slow)).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Annual review 2026' }));
    fireEvent.click(form.getByRole('button', { name: 'Send my review' }));
    const summary = within(await screen.findByRole('alert'));
    expect(summary.getByRole('link', { name: 'Tell us what went well in your work this year.' })).toBeTruthy();

    fireEvent.change(form.getByRole('textbox', { name: /What went well/ }), { target: { value: answers.wentWell } });
    fireEvent.change(form.getByRole('textbox', { name: /What was hard/ }), { target: { value: answers.wasHard } });
    fireEvent.change(form.getByRole('textbox', { name: /Training you completed/ }), { target: { value: answers.trainingCompleted } });
    fireEvent.change(form.getByRole('textbox', { name: /Your goals for next year/ }), { target: { value: answers.goalsNextYear } });
    fireEvent.click(form.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText('Thank you. Your 2026 review is with our team.', {}, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual(answers);
    expect(await screen.findByText('Submitted', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('shows a signed-off review with the administrator’s note, and no form', async () => {
    reviewApi({
      'GET /api/worker/annual-reviews': () => [
        200,
        {
          currentYear: 2026,
          reviews: [
            testReview({ status: 'SIGNED_OFF', signedOffAt: '2026-11-20T01:00:00.000Z', signOffNote: 'A lovely year. Well done.' }),
            testReview({ id: 'review-0', year: 2025 }),
          ],
        },
      ],
    });
    renderApp('/care-worker/annual-review');
    const signed = within(await screen.findByRole('region', { name: 'Signed off on 20 November 2026' }, slow));
    expect(signed.getByText('A lovely year. Well done.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: /Annual review/ })).toBeNull();
    expect(screen.getByRole('article', { name: /2025/ })).toBeTruthy();
  });
});

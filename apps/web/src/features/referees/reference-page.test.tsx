import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { REFERENCE_EXPIRED_MESSAGE, REFERENCE_THANKS_MESSAGE, referenceQuestions } from '@tendly/domain/api/worker-onboarding';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const token = 'a'.repeat(43);

describe('the public reference form', { timeout: 15_000 }, () => {
  it('asks the questions about the worker, checks the answers, and thanks the referee', async () => {
    const api = mockApi({
      [`GET /api/references/${token}`]: () => [200, { workerFirstName: 'Priya', refereeName: 'Ann', questions: referenceQuestions('Priya') }],
      [`POST /api/references/${token}`]: () => [200, { message: REFERENCE_THANKS_MESSAGE }],
    });
    renderApp(`/reference/${token}`);
    expect(await screen.findByText(/Hi Ann, Priya named you as a referee/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(await screen.findByText('Rate their reliability from 1 to 5')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByRole('combobox', { name: 'How long have you known Priya?' }), { target: { value: '1_TO_3_YEARS' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'In what capacity do you know Priya?' }), { target: { value: 'I was her team leader' } });
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(await screen.findByText(REFERENCE_THANKS_MESSAGE)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      knownFor: '1_TO_3_YEARS',
      capacity: 'I was her team leader',
      reliability: 4,
      wouldRecommend: true,
      comments: '',
    });
  });

  it('says clearly when the link has expired', async () => {
    mockApi({ [`GET /api/references/${token}`]: () => [410, { message: REFERENCE_EXPIRED_MESSAGE, code: 'REFERENCE_EXPIRED' }] });
    renderApp(`/reference/${token}`);
    expect(await screen.findByText(REFERENCE_EXPIRED_MESSAGE)).toBeTruthy();
  });
});

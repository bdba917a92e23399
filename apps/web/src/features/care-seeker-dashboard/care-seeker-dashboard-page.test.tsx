import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./care-seeker-dashboard-page'));

describe('the care seeker dashboard', { timeout: 30_000 }, () => {
  it('links to invoices and hours, payment details and the shift notes', async () => {
    setSignedInUser(testUser('CS'));
    mockApi({ 'GET /api/me': () => [200, meAnswer('CS')] });
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Invoices and hours' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/invoices-and-hours');
    expect(screen.getByRole('link', { name: 'Shift notes' }).getAttribute('href')).toBe('/shift-notes');
    expect(screen.getByRole('link', { name: 'Payment details' }).getAttribute('href')).toBe('/payment-details');
  });
});

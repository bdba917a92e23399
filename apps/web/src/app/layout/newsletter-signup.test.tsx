import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEWSLETTER_FAILED, NEWSLETTER_SUCCESS } from '@tendly/domain/errors';
import { mockApi } from '../test-api';
import { renderApp } from '../test-app';

/** The first render loads the page lazily, which can take a few seconds on a busy machine. */
const LOAD = { timeout: 10_000 };
const slow = { timeout: 60_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function newsletterForm() {
  renderApp('/contact-us');
  await screen.findByRole('heading', { level: 1 }, LOAD);
  // The form loads once the page has rendered (DeferredContent in the footer).
  return within(await screen.findByRole('form', { name: 'Newsletter' }, LOAD));
}

describe('newsletter sign-up in the footer', () => {
  it('subscribes and says thank you in a dialog that gives focus back when closed', slow, async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/support': () => [200, { message: NEWSLETTER_SUCCESS }] });
    const form = await newsletterForm();
    await user.type(form.getByLabelText('Email address for the newsletter'), 'Sam@Example.com');
    await user.selectOptions(form.getByLabelText('I am a...'), 'Industry professional');
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    await user.click(subscribe);

    const dialog = await screen.findByRole('dialog', { name: "You're subscribed" });
    expect(within(dialog).getByText(NEWSLETTER_SUCCESS)).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/support')?.body).toEqual({
      email: 'sam@example.com',
      userType: 'industryProfessional',
      message: '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(subscribe));
    expect(form.getByLabelText<HTMLInputElement>('Email address for the newsletter').value).toBe('');
  });

  it('shows the failure in a dialog when the server cannot subscribe, keeping the email', slow, async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/support': () => [500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }] });
    const form = await newsletterForm();
    await user.type(form.getByLabelText('Email address for the newsletter'), 'sam@example.com');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'We could not subscribe you' });
    expect(within(dialog).getByText(NEWSLETTER_FAILED)).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Email address for the newsletter').value).toBe('sam@example.com');
  });

  it('shows a bad email address on the field, with no dialog, and clears it on focus', slow, async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    const form = await newsletterForm();
    const email = form.getByLabelText('Email address for the newsletter');
    await user.type(email, 'sam@');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(form.getByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.path === '/api/support')).toBe(false);
    await user.click(email);
    expect(form.queryByText('Enter a valid email address')).toBeNull();
  });

  it('shows the server’s field error the same way', slow, async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/support': () => [400, { message: 'Enter a valid email address', code: 'VALIDATION', errors: { email: 'Enter a valid email address' } }],
    });
    const form = await newsletterForm();
    await user.type(form.getByLabelText('Email address for the newsletter'), 'sam@example.com');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await form.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

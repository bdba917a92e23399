import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../app/test-api';
import { renderApp } from '../../app/test-app';

/** The first render loads the page lazily, which can take a few seconds on a busy machine. */
const LOAD = { timeout: 10_000 };
const slow = { timeout: 60_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

const complaintForm = () => within(screen.getByRole('form', { name: 'Make a complaint' }));

describe('/make-a-complaint', () => {
  it('shows what is missing, clears a field’s error on focus, then shows the reference', slow, async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/forms/complaint': () => [201, { reference: 'CP-7K3Q9M' }] });
    renderApp('/make-a-complaint');
    await screen.findByRole('heading', { level: 1, name: 'Make a complaint' }, LOAD);
    const form = complaintForm();
    await user.click(form.getByRole('button', { name: 'Send complaint' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Tell us your first name')).toBeTruthy();
    const firstName = form.getByLabelText(/^First name/);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(form.getAllByText('Tell us what your complaint is about').length).toBeGreaterThan(0);

    await user.click(firstName);
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryAllByText('Tell us your first name')).toHaveLength(0);

    await user.type(firstName, 'Jo');
    await user.type(form.getByLabelText(/^Last name/), 'Citizen');
    await user.type(form.getByLabelText(/^Email address/), 'jo@example.com');
    await user.selectOptions(form.getByLabelText(/^I am/), 'A family member, friend or carer');
    await user.type(form.getByLabelText(/^What is your complaint about/), 'Late twice.');
    await user.click(form.getByRole('button', { name: 'Send complaint' }));

    const confirmation = await screen.findByRole('region', { name: /We have received your complaint/ });
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(within(confirmation).getByText('CP-7K3Q9M')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/forms/complaint')?.body).toMatchObject({
      anonymous: false,
      firstName: 'Jo',
      email: 'jo@example.com',
      role: 'FAMILY_MEMBER',
      details: 'Late twice.',
    });
  });

  it('hides the contact fields for an anonymous complaint', slow, async () => {
    const user = userEvent.setup();
    renderApp('/make-a-complaint');
    await screen.findByRole('heading', { level: 1, name: 'Make a complaint' }, LOAD);
    await user.click(complaintForm().getByLabelText('I want to stay anonymous'));
    expect(complaintForm().queryByLabelText(/^First name/)).toBeNull();
    expect(complaintForm().queryByLabelText(/^Email address/)).toBeNull();
  });

  it('keeps what was typed and explains a failure in an alert', slow, async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/forms/complaint': () => [500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }] });
    renderApp('/make-a-complaint');
    await screen.findByRole('heading', { level: 1, name: 'Make a complaint' }, LOAD);
    const form = complaintForm();
    await user.click(form.getByLabelText('I want to stay anonymous'));
    await user.selectOptions(form.getByLabelText(/^I am/), 'A care or support worker');
    await user.type(form.getByLabelText(/^What is your complaint about/), 'Unsafe lifting practice.');
    await user.click(form.getByRole('button', { name: 'Send complaint' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    expect(form.getByLabelText<HTMLTextAreaElement>(/^What is your complaint about/).value).toBe('Unsafe lifting practice.');
  });
});

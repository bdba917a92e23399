import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';
import { PASSWORDS_DO_NOT_MATCH } from './reset-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('sends the email address and shows the answer', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/auth/forgot': () => [200, { message: 'We have emailed a link.' }] });
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    await user.type(within(screen.getByRole('main')).getByLabelText(/Email address/), 'worker@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('We have emailed a link.')).toBeTruthy();
    expect(requests[0]?.body).toEqual({ email: 'worker@example.com' });
  });
});

describe('reset password', () => {
  it('sends the email and token of the link with the new password, then links to login', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/auth/reset': () => [200, { message: 'Your password has been changed.' }] });
    renderApp('/resetPassword?email=worker%40example.com&token=abc123');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getAllByText('Password must be at least 8 characters in length').length).toBeGreaterThan(0);
    expect(screen.getAllByText(PASSWORDS_DO_NOT_MATCH).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with your new password' }).getAttribute('href')).toBe('/login');
    expect(requests[0]?.body).toEqual({ email: 'worker@example.com', password: 'a-new-password', verificationToken: 'abc123' });
  });

  it('shows an invalid link answer with a way to ask for a new one', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/auth/reset': () => [400, { message: 'This password reset link is invalid or has expired.' }] });
    renderApp('/resetPassword?email=worker%40example.com&token=old');
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('says so when the link has no token', async () => {
    renderApp('/resetPassword?email=worker%40example.com');
    expect(await screen.findByText('This password reset link is incomplete. Please request a new one.')).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});

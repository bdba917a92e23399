import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coordinatorLinkMessages } from '@tendly/domain/api/coordinator-links';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./request-linking-page'));

describe('request linking', { timeout: 30_000 }, () => {
  it('checks the address, sends the request and says the same whatever the address', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'POST /api/support-coordinator/link-requests': () => [202, { message: coordinatorLinkMessages.requestSent }],
    });
    setSignedInUser(testUser('SUPPORT'));
    renderApp('/support-coordinator/request-linking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Request linking' }, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const field = screen.getByRole('textbox', { name: /Your client's email address/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    await user.type(field, 'Sam@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(coordinatorLinkMessages.requestSent)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ email: 'sam@example.com' });
    await user.click(screen.getByRole('button', { name: 'Ask another client' }));
    expect(screen.getByRole('textbox', { name: /Your client's email address/ })).toHaveProperty('value', '');
  });

  it('shows the limit when too many requests were sent', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'POST /api/support-coordinator/link-requests': () => [429, { message: coordinatorLinkMessages.tooManyRequests, code: 'RATE_LIMITED' }],
    });
    setSignedInUser(testUser('SUPPORT'));
    renderApp('/support-coordinator/request-linking');
    await user.type(await screen.findByRole('textbox', { name: /Your client's email address/ }, { timeout: 10_000 }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toContain(coordinatorLinkMessages.tooManyRequests);
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coordinatorLinkMessages } from '@tendly/domain/api/coordinator-links';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';

setUpPageTests(() => import('./coordinator-link-answer-page'));

describe('answering a coordinator request from the email', { timeout: 30_000 }, () => {
  it('does nothing on opening; the button accepts with the token', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'POST /api/coordinator-links/answer': () => [200, { message: coordinatorLinkMessages.accepted, status: 'ACTIVE', coordinatorName: 'Cora Lee' }],
    });
    renderApp('/coordinator-link?token=abc.def&answer=accept');
    const button = await screen.findByRole('button', { name: 'Accept the request' }, { timeout: 10_000 });
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.click(button);
    expect(await screen.findByText(coordinatorLinkMessages.accepted)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ token: 'abc.def' });
    expect(screen.queryByRole('button', { name: 'Accept the request' })).toBeNull();
  });

  it('words a decline, and shows an expired link', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/coordinator-links/answer': () => [410, { message: coordinatorLinkMessages.linkExpired, code: 'LINK_EXPIRED' }] });
    renderApp('/coordinator-link?token=abc.def&answer=decline');
    await user.click(await screen.findByRole('button', { name: 'Decline the request' }, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toContain(coordinatorLinkMessages.linkExpired);
  });

  it('says so when the link has no token', async () => {
    mockApi({});
    renderApp('/coordinator-link');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain('This link is not complete');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(async () => {
  await import('./account-details-page');
  await import('./data-export-download-page');
});

const slow = { timeout: 10_000 };
const details = { firstName: 'Jo', lastName: 'Citizen', email: 'jo@example.com', phone: '0412345678', role: 'CS', emailVerified: true, pendingEmail: null };

function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], ...routes });
}

describe('/account-details', { timeout: 30_000 }, () => {
  it('shows loading, then an error with Try again, then the details', async () => {
    let fail = true;
    seekerApi({ 'GET /api/account-details': () => (fail ? [500, { message: 'Boom', code: 'INTERNAL' }] : [200, details]) });
    renderApp('/account-details');
    expect(await screen.findByText('Loading your details', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your details just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const form = within(await screen.findByRole('form', { name: 'Name and phone' }, slow));
    expect((form.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Jo');
    expect(screen.getByText('jo@example.com')).toBeTruthy();
  });

  it('says a managed client’s account has no email address, never its stand-in address (issue 31, item 10c)', async () => {
    seekerApi({ 'GET /api/account-details': () => [200, { ...details, email: 'client-6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a@managed.invalid', emailVerified: false }] });
    renderApp('/account-details');
    expect(await screen.findByText(/This account has no email address\. Emails about it go to the support coordinator who manages it\./, undefined, slow)).toBeTruthy();
    expect(document.body.textContent).not.toContain('managed.invalid');
  });

  it('checks name and phone as sign-up does, then saves them', async () => {
    const api = seekerApi({
      'GET /api/account-details': () => [200, details],
      'PUT /api/account-details': (request) => [200, { ...details, ...(request.body as object) }],
    });
    renderApp('/account-details');
    const form = within(await screen.findByRole('form', { name: 'Name and phone' }, slow));
    fireEvent.change(form.getByLabelText(/First name/), { target: { value: ' ' } });
    fireEvent.change(form.getByLabelText(/Phone/), { target: { value: '123' } });
    fireEvent.click(form.getByRole('button', { name: 'Save name and phone' }));
    expect(await form.findByText('Tell us your first name')).toBeTruthy();
    expect(form.getByText('Enter a valid Australian phone number, such as 0412 345 678')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(/First name/));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByLabelText(/First name/), { target: { value: 'Joanne' } });
    fireEvent.change(form.getByLabelText(/Phone/), { target: { value: '0412 999 888' } });
    fireEvent.click(form.getByRole('button', { name: 'Save name and phone' }));
    expect(await form.findByText('Your details are saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ firstName: 'Joanne', lastName: 'Citizen', phone: '0412999888' });
  });

  it('changes the password, and shows a wrong current password at its field', async () => {
    let wrong = true;
    seekerApi({
      'GET /api/account-details': () => [200, details],
      'POST /api/account-details/password': () =>
        wrong
          ? [400, { message: 'Your current password is not right', code: 'WRONG_PASSWORD', errors: { currentPassword: 'Your current password is not right' } }]
          : [200, { message: 'Your password is changed. You have been signed out everywhere else.' }],
    });
    renderApp('/account-details');
    const form = within(await screen.findByRole('form', { name: 'Change password' }, slow));
    fireEvent.change(form.getByLabelText(/Current password/), { target: { value: 'guess guess' } });
    fireEvent.change(form.getByLabelText(/New password/), { target: { value: 'short' } });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Password must be at least 8 characters in length')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/New password/), { target: { value: 'a brand new password' } });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your current password is not right', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/Current password/)));
    wrong = false;
    fireEvent.change(form.getByLabelText(/Current password/), { target: { value: 'the right one' } });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your password is changed. You have been signed out everywhere else.', undefined, slow)).toBeTruthy();
    expect((form.getByLabelText(/New password/) as HTMLInputElement).value).toBe('');
  });

  it('changes the email address through the code sent to the new one', async () => {
    let pendingEmail: string | null = null;
    let email = details.email;
    const api = seekerApi({
      'GET /api/account-details': () => [200, { ...details, email, pendingEmail }],
      'POST /api/account-details/email': () => {
        pendingEmail = 'new@example.com';
        return [200, { message: 'We sent a 6-digit code to your new email address.' }];
      },
      'POST /api/account-details/email/confirm': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return [400, { message: 'That code is not right', code: 'INVALID_VERIFICATION_CODE', errors: { code: 'That code is not right, or it has expired. Ask for a new one.' } }];
        }
        email = 'new@example.com';
        pendingEmail = null;
        return [200, { message: 'Your email address is changed.' }];
      },
    });
    renderApp('/account-details');
    const form = within(await screen.findByRole('form', { name: 'Change email address' }, slow));
    fireEvent.change(form.getByLabelText(/New email address/), { target: { value: 'New@Example.com' } });
    fireEvent.change(form.getByLabelText(/Current password/), { target: { value: 'correct horse' } });
    fireEvent.click(form.getByRole('button', { name: 'Send code' }));
    expect(await form.findByText('We sent a 6-digit code to your new email address.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.path === '/api/account-details/email')?.body).toEqual({ newEmail: 'new@example.com', currentPassword: 'correct horse' });

    const confirm = within(await screen.findByRole('form', { name: 'Confirm new email address' }, slow));
    fireEvent.change(confirm.getByLabelText(/6-digit code/), { target: { value: '000000' } });
    fireEvent.click(confirm.getByRole('button', { name: 'Change email address' }));
    expect(await confirm.findByText('That code is not right, or it has expired. Ask for a new one.', undefined, slow)).toBeTruthy();
    fireEvent.change(confirm.getByLabelText(/6-digit code/), { target: { value: '123 456' } });
    fireEvent.click(confirm.getByRole('button', { name: 'Change email address' }));
    expect(await screen.findByText('Your email address is changed.', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('new@example.com', undefined, slow)).toBeTruthy();
  });
});

describe('/account-details notification choices', { timeout: 30_000 }, () => {
  it('shows each topic in the app and by email (job alerts when the API has them), says what is always sent, and saves', async () => {
    setSignedInUser(testUser('CR'));
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CR')],
      'GET /api/account-details': () => [200, details],
      'GET /api/account-details/notification-preferences': () => [
        200,
        { topics: [{ topic: 'BOOKINGS', inApp: true, email: true }, { topic: 'SHIFT_REMINDERS', inApp: null, email: true }], jobAlerts: true },
      ],
      'PUT /api/account-details/notification-preferences': (request) => [200, request.body],
    });
    renderApp('/care-worker/account-details');
    const form = within(await screen.findByRole('form', { name: 'Notifications and emails' }, slow));
    expect(form.getByText(/These emails are always sent/)).toBeTruthy();
    expect(form.queryByLabelText('Shift reminders, the day before a shift: in the app')).toBeNull();
    fireEvent.click(form.getByLabelText('Shifts booked, confirmed, changed or cancelled, and meet and greets asked for, accepted, declined or cancelled: in the app'));
    fireEvent.click(form.getByLabelText('Shift reminders, the day before a shift: by email'));
    fireEvent.click(form.getByLabelText('Job alerts: emails about new jobs near you'));
    fireEvent.click(form.getByRole('button', { name: 'Save notification choices' }));
    expect(await form.findByText('Your choices are saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT' && request.path.endsWith('notification-preferences'))?.body).toEqual({
      topics: [{ topic: 'BOOKINGS', inApp: false, email: true }, { topic: 'SHIFT_REMINDERS', inApp: null, email: false }],
      jobAlerts: false,
    });
  });

  it('has no job alert switch for a care seeker, and shows an error when saving fails', async () => {
    seekerApi({
      'GET /api/account-details': () => [200, details],
      'GET /api/account-details/notification-preferences': () => [200, { topics: [{ topic: 'MESSAGES', inApp: true, email: true }, { topic: 'SHIFT_REMINDERS', inApp: null, email: true }], jobAlerts: null }],
      'PUT /api/account-details/notification-preferences': () => [500, { message: 'Boom', code: 'INTERNAL' }],
    });
    renderApp('/account-details');
    const form = within(await screen.findByRole('form', { name: 'Notifications and emails' }, slow));
    expect(form.queryByLabelText('Job alerts: emails about new jobs near you')).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Save notification choices' }));
    expect(await form.findByRole('alert', undefined, slow)).toBeTruthy();
  });
});

describe('/account-details download my data', { timeout: 30_000 }, () => {
  it('asks for the file and says a link will be emailed; shows the API’s refusal', async () => {
    let refuse = true;
    seekerApi({
      'GET /api/account-details': () => [200, details],
      'GET /api/account-details/notification-preferences': () => [200, { topics: [{ topic: 'MESSAGES', inApp: true, email: true }, { topic: 'SHIFT_REMINDERS', inApp: null, email: true }], jobAlerts: null }],
      'POST /api/account-details/export': () =>
        refuse ? [429, { message: 'Too many attempts. Try again in 5 minutes.', code: 'RATE_LIMITED' }] : [202, { message: 'We are putting your data together.' }],
    });
    renderApp('/account-details');
    const section = within(await screen.findByRole('region', { name: 'Download my data' }, slow));
    fireEvent.click(section.getByRole('button', { name: 'Email me my data' }));
    expect((await section.findByRole('alert', undefined, slow)).textContent).toContain('Too many attempts');
    refuse = false;
    fireEvent.click(section.getByRole('button', { name: 'Email me my data' }));
    expect(await section.findByText('We are putting your data together.', undefined, slow)).toBeTruthy();
  });
});

describe('/my-data/:exportId, the page the “your data is ready” email links to', { timeout: 30_000 }, () => {
  const exportId = '0f8a1c2e-0000-4000-8000-000000000001';

  it('asks a visitor to sign in first, and comes back to the page after', async () => {
    const { router } = renderApp(`/my-data/${exportId}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ returnTo: `/my-data/${exportId}` });
  });

  it('downloads the file with the session when the signed-in person presses the button, and shows a refusal', async () => {
    let refuse = true;
    const api = seekerApi({
      [`GET /api/account-details/export/${exportId}`]: () =>
        refuse
          ? [404, { message: 'This download is not yours, or has expired.', code: 'NOT_FOUND' }]
          : [200, { personId: 'me' }, { 'Content-Disposition': 'attachment; filename="my-data.json"' }],
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:my-data'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(`/my-data/${exportId}`);
    const button = await screen.findByRole('button', { name: 'Download my data' }, slow);
    expect(api.requests.some((request) => request.path.startsWith('/api/account-details/export/'))).toBe(false);
    fireEvent.click(button);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('This download is not yours, or has expired.');
    refuse = false;
    fireEvent.click(button);
    expect(await screen.findByText('Saved as my-data.json.', undefined, slow)).toBeTruthy();
    expect(click).toHaveBeenCalled();
    expect(api.requests.find((request) => request.path === `/api/account-details/export/${exportId}`)?.authToken).toBe('token-cs');
  });
});

describe('/account-details close my account', { timeout: 30_000 }, () => {
  it('shows the API’s reason for refusing, then closes and signs out', async () => {
    let refuse = true;
    const api = seekerApi({
      'GET /api/account-details': () => [200, details],
      'GET /api/account-details/notification-preferences': () => [200, { topics: [{ topic: 'MESSAGES', inApp: true, email: true }, { topic: 'SHIFT_REMINDERS', inApp: null, email: true }], jobAlerts: null }],
      'POST /api/account-details/close': () =>
        refuse
          ? [409, { message: 'You have a service agreement that is offered or active. End it first, then close your account.', code: 'ACTIVE_CONTRACT' }]
          : [200, { message: 'Your account is closed.' }],
      'POST /api/signout': () => [401, { message: 'Signed out', code: 'UNAUTHENTICATED' }],
    });
    renderApp('/account-details');
    const section = within(await screen.findByRole('region', { name: 'Close my account' }, slow));
    expect(section.getByText(/kept for 7 years/)).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Close my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close your account?' }, slow));
    fireEvent.change(dialog.getByLabelText(/Current password/), { target: { value: 'correct horse' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Close my account' }));
    expect((await dialog.findByRole('alert', undefined, slow)).textContent).toContain('End it first');
    refuse = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Close my account' }));
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/signout')).toBe(true), slow);
    expect(api.requests.filter((request) => request.path === '/api/account-details/close').map((request) => request.body)).toEqual([
      { currentPassword: 'correct horse' },
      { currentPassword: 'correct horse' },
    ]);
  });
});

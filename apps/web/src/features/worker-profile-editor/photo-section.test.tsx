import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { deferredReply, mockApi } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { PHOTO_TOO_LARGE, PHOTO_WRONG_TYPE, PhotoSection } from './photo-section';

beforeEach(() => {
  setSignedInUser(testUser('CR'));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection(avatarUrl: string | null = null) {
  const onChanged = vi.fn();
  render(
    <MantineProvider>
      <PhotoSection avatarUrl={avatarUrl} onChanged={onChanged} />
    </MantineProvider>,
  );
  return { onChanged };
}

const photo = (name = 'me.jpg', type = 'image/jpeg', size = 2048) => new File([new Uint8Array(size)], name, { type });

describe('the profile photo section', () => {
  it('shows a preview of the chosen photo, saves it with a busy button, and tells the page the new address', async () => {
    const save = deferredReply();
    const { requests } = mockApi({ 'POST /api/worker/photo': save.reply });
    const { onChanged } = renderSection();
    expect(screen.getByText('No photo yet')).toBeTruthy();
    const saveButton = screen.getByRole('button', { name: 'Save photo' });
    expect((saveButton as HTMLButtonElement).disabled).toBe(true);

    await userEvent.upload(screen.getByLabelText('Choose a photo'), photo());
    expect(screen.getByRole('img', { name: 'Preview of your new photo' }).getAttribute('src')).toBe('blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    const busy = await screen.findByRole('button', { name: 'Saving your photo…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/worker/photo']);
    expect(requests[0]?.authToken).toBe(testUser('CR').authToken);

    save.resolve([200, { avatarUrl: '/api/files/photos/abc.webp' }]);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('/api/files/photos/abc.webp'));
    expect(screen.getByRole('status').textContent).toContain('Your new photo is saved.');
  });

  it('refuses a file that is too large or not a photo before sending it, with the reason on the field', async () => {
    const { requests } = mockApi({});
    renderSection();
    const input = screen.getByLabelText('Choose a photo');
    await userEvent.upload(input, photo('huge.jpg', 'image/jpeg', 8 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toContain(PHOTO_TOO_LARGE);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.upload(input, photo('cv.pdf', 'application/pdf'), { applyAccept: false });
    expect(screen.getByRole('alert').textContent).toContain(PHOTO_WRONG_TYPE);
    expect((screen.getByRole('button', { name: 'Save photo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests).toEqual([]);
  });

  it("shows the API's message when it refuses the photo", async () => {
    mockApi({
      'POST /api/worker/photo': () => [
        400,
        { message: 'Please choose a photo in JPEG, PNG or WebP format.', code: 'VALIDATION', errors: { file: 'We could not read this picture. Please choose another JPEG, PNG or WebP photo.' } },
      ],
    });
    const { onChanged } = renderSection();
    await userEvent.upload(screen.getByLabelText('Choose a photo'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not read this picture.');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('shows the current photo and removes it', async () => {
    const { requests } = mockApi({ 'DELETE /api/worker/photo': () => [200, { avatarUrl: null }] });
    const { onChanged } = renderSection('/api/files/photos/current.webp');
    expect(screen.getByRole('img', { name: 'Your profile photo' }).getAttribute('src')).toBe('/api/files/photos/current.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(null));
    expect(requests.map((request) => request.method)).toEqual(['DELETE']);
    expect(screen.getByRole('status').textContent).toContain('Your photo is removed.');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { mockApi, type SentRequest } from '../app/test-api';
import { testSiteConfig } from '../app/test-app';
import { PLACE_SUGGEST_DELAY_MS, PlaceField, suggestionsAnnouncement } from './place-field';

afterEach(() => {
  vi.unstubAllGlobals();
});

const places = [
  { suburb: 'Marrickville', state: 'NSW', postcode: '2204' },
  { suburb: 'Marrickville Metro', state: 'NSW', postcode: '2204' },
  { suburb: 'Marrabel', state: 'SA', postcode: '5413' },
];

function suggestRequests(requests: readonly SentRequest[]): string[] {
  return requests.filter((request) => request.path === '/api/places/suggest').map((request) => request.query.get('q') ?? '');
}

function Field({ onChosen }: { onChosen?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <PlaceField
        label="Suburb or postcode"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChosen?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

function renderField(onChosen?: (value: string) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders siteConfig={testSiteConfig()} queryClient={queryClient}>
      <Field {...(onChosen ? { onChosen } : {})} />
    </AppProviders>,
  );
}

describe('PlaceField', { timeout: 20_000 }, () => {
  it('asks for suggestions once the typing pauses, not on every keystroke, and not for one letter', async () => {
    const { requests } = mockApi({ 'GET /api/places/suggest': () => [200, places] });
    renderField();
    const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    await userEvent.type(field, 'm');
    await new Promise((resolve) => setTimeout(resolve, PLACE_SUGGEST_DELAY_MS + 100));
    expect(suggestRequests(requests)).toEqual([]);
    await userEvent.type(field, 'arr');
    await screen.findByRole('option', { name: 'Marrickville NSW 2204', hidden: true });
    expect(suggestRequests(requests)).toEqual(['marr']);
  });

  it('is a combobox: the arrow keys move through the places, Enter chooses one', async () => {
    mockApi({ 'GET /api/places/suggest': () => [200, places] });
    const chosen: string[] = [];
    renderField((value) => chosen.push(value));
    const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    await userEvent.type(field, 'marr');
    // jsdom runs no transitions, so the open list keeps Mantine's display: none: query it hidden.
    await screen.findAllByRole('option', { hidden: true });
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual([
      'Marrickville NSW 2204',
      'Marrickville Metro NSW 2204',
      'Marrabel SA 5413',
    ]);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);
    await waitFor(() => expect(document.body.textContent).toContain(suggestionsAnnouncement(3)));
    await userEvent.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('Marrickville NSW 2204'));
    expect(chosen.at(-1)).toBe('Marrickville NSW 2204');
  });

  it('offers nothing when the API answers nothing or fails, and free text still works', async () => {
    mockApi({ 'GET /api/places/suggest': () => [429, { message: 'Too many requests', code: 'RATE_LIMITED' }] });
    renderField();
    const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    await userEvent.type(field, '2204');
    await new Promise((resolve) => setTimeout(resolve, PLACE_SUGGEST_DELAY_MS + 100));
    expect(screen.queryByRole('option', { hidden: true })).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('2204');
  });
});

describe('suggestionsAnnouncement', () => {
  it('says how many places match and how to choose', () => {
    expect(suggestionsAnnouncement(0)).toBe('');
    expect(suggestionsAnnouncement(1)).toBe('1 place matches. Use the up and down arrow keys to choose, then Enter.');
    expect(suggestionsAnnouncement(8)).toBe('8 places match. Use the up and down arrow keys to choose, then Enter.');
  });
});

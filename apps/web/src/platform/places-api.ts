import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { placeSuggestionsSchema, type Place } from '@tendly/domain/api/places';
import type { StateCode } from '@tendly/domain/states';
import { apiRequest } from './api-client';

/** GET /api/places/suggest: places whose name or postcode begins with the text. */
export function fetchPlaceSuggestions(text: string, signal?: AbortSignal): Promise<Place[]> {
  return apiRequest('/places/suggest', { query: { q: text }, schema: placeSuggestionsSchema, ...(signal ? { signal } : {}) });
}

/**
 * The state of an address, worked out from its postcode and suburb once both are typed, for a form
 * that asks for the state too: the place with that suburb and postcode, or else the one state all
 * places with the postcode share. Null while unknown or when the postcode crosses a border (2540,
 * 3644, 4380 and a few more) and the suburb does not settle it: then the person chooses.
 */
export function stateOfAddress(places: readonly Place[], suburb: string): StateCode | null {
  const name = suburb.trim().toLowerCase();
  const exact = places.find((place) => place.suburb.toLowerCase() === name);
  if (exact) return exact.state;
  const states = new Set(places.map((place) => place.state));
  return states.size === 1 ? ([...states][0] ?? null) : null;
}

/** Fills an empty state from the postcode and suburb (stateOfAddress); a state already chosen stays. */
export function useStateFromPostcode(address: { suburb: string; postcode: string; state: string }, setState: (state: StateCode) => void): void {
  const postcode = address.postcode.trim();
  const asks = /^\d{4}$/.test(postcode) && address.state === '';
  const places = useQuery({
    queryKey: ['places', 'postcode', postcode],
    queryFn: ({ signal }) => fetchPlaceSuggestions(postcode, signal),
    enabled: asks,
    staleTime: Infinity,
  });
  const found = asks && places.data ? stateOfAddress(places.data, address.suburb) : null;
  useEffect(() => {
    if (found) setState(found);
  }, [found, setState]);
}

import { z } from 'zod';
import { stateCodes, type StateCode } from '../states';
import { safeText } from '../validation/safe-text';

/**
 * Places (issue 11): the suburb suggestions offered wherever a place is typed, and what a search
 * answers when the place it was given is unknown or names several places. A place is always
 * written "Suburb STATE postcode" ("Springfield QLD 4300"), which every location field reads back
 * as exactly that place.
 */

export const placeSchema = z.object({
  suburb: z.string(),
  state: z.enum(stateCodes),
  postcode: z.string().regex(/^\d{4}$/),
});
export type Place = z.infer<typeof placeSchema>;

/** "Springfield QLD 4300": what a location field holds once a place is chosen. */
export function placeLabel(place: { readonly suburb: string; readonly state: StateCode; readonly postcode: string }): string {
  return `${place.suburb} ${place.state} ${place.postcode}`;
}

/** Suggestions start at this many characters: one letter matches a thousand suburbs. */
export const PLACE_SUGGEST_MIN_LENGTH = 2;
/** At most this many suggestions: a short list to read, as Australia Post's own finder shows. */
export const PLACE_SUGGEST_LIMIT = 8;
export const PLACE_SUGGEST_MAX_LENGTH = 60;

/** GET /api/places/suggest?q=marr */
export const placeSuggestQuerySchema = z.object({
  q: z
    .string({ error: `q must be at least ${PLACE_SUGGEST_MIN_LENGTH} characters` })
    .trim()
    .min(PLACE_SUGGEST_MIN_LENGTH, { error: `q must be at least ${PLACE_SUGGEST_MIN_LENGTH} characters` })
    .max(PLACE_SUGGEST_MAX_LENGTH, { error: `q must be at most ${PLACE_SUGGEST_MAX_LENGTH} characters` })
    .check(safeText()),
});
export type PlaceSuggestQuery = z.infer<typeof placeSuggestQuerySchema>;

/** GET /api/places/suggest → 200: the places whose suburb name or postcode begins with `q`, best first. */
export const placeSuggestionsSchema = z.array(placeSchema);

// ---------------------------------------------------------------------------------------------
// A place a search cannot use. The 400 carries `places`: the suggestion, or the choices.

/** The first words of the answer for an unknown place; the web app adds the suggestion as a button. */
export function placeNotFoundLead(text: string): string {
  return `We could not find "${text}".`;
}

/** The 400 for an unknown place, as the API words it. */
export function placeNotFoundMessage(text: string, suggestion?: string): string {
  const didYouMean = suggestion ? ` Did you mean ${suggestion}?` : '';
  return `${placeNotFoundLead(text)}${didYouMean} Try a suburb name or a postcode.`;
}

/** The first words of the answer for a suburb name that several places share. */
export function ambiguousPlaceLead(suburb: string, count: number): string {
  return `There are ${count} places called ${suburb}.`;
}

export const AMBIGUOUS_PLACE_QUESTION = 'Which one do you mean?';

/** The 400 for a suburb name that several places share, as the API words it. */
export function ambiguousPlaceMessage(suburb: string, places: readonly Place[]): string {
  const example = places[0] ? `, for example "${placeLabel(places[0])}"` : '';
  return `${ambiguousPlaceLead(suburb, places.length)} ${AMBIGUOUS_PLACE_QUESTION} Add the state or the postcode${example}.`;
}

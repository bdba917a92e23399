import { z } from 'zod';
import { matchFiltersSchema, type MatchFilters } from '@tendly/domain/api/search';
import { careForOptions } from '@tendly/domain/care-for';
import { availabilitySlots, dayCodes } from '@tendly/domain/days';
import { genderPreferenceCodes, locationTypes } from '@tendly/domain/job-options';
import { languages } from '@tendly/domain/languages';
import { qualifications } from '@tendly/domain/qualifications';
import { skillGroups } from '@tendly/domain/skills';
import type { LlmConfig } from '../../platform/config';

/** Why the model's answer was not used. The message never holds the care seeker's text or the key. */
export class ModelReplyError extends Error {
  override name = 'ModelReplyError';
}

const list = (options: readonly { code: string; label: string }[]) => options.map(({ code, label }) => `${code} (${label})`).join(', ');

/** What the model is told: the task, the filter fields and every code it may use. */
export const systemPrompt = [
  'You read requests from people looking for a care or support worker in Australia and turn them into search filters.',
  'The user message is JSON: {"current": the filters so far, "text": what the person just wrote}.',
  'Reply with one JSON object {"filters": {...}}: the current filters changed by the text. Keep current filters the text does not change;',
  'add to lists when the text adds ("Tuesdays too"), replace them when it replaces ("actually just Tuesdays"), and drop filters it removes',
  '("remove the language", "not on weekends"). Leave out any field the person did not ask for. Never invent values.',
  'Fields and the only values allowed:',
  `- skillType: array of ${list(skillGroups.flatMap((group) => group.skills))}`,
  `- qualifications: array of ${list(qualifications)}`,
  `- carerLanguage: array of ${list(languages)}`,
  `- availability: array of days ${dayCodes.join(', ')} ("weekdays" is mon to fri)`,
  `- timesOfDay: array of ${availabilitySlots.join(', ')}`,
  `- gender: one of ${genderPreferenceCodes.join(', ')} (the worker's gender; "no men" means FEMALE)`,
  `- location: a suburb and its state abbreviation, e.g. "Marrickville NSW", or a 4-digit postcode`,
  `- locationType: one of ${list(locationTypes)}; a distance in km rounds to the nearest`,
  `- careFor: who the support is for, one of ${list(careForOptions)} (a parent, child or sibling is Immediate Family)`,
  '- keyword: a short interest the worker should share, only when clearly asked for (e.g. "gardening")',
  '- driving, personalCare, hasVerifiedNDISScreening: true only when asked for (can drive; help with showering, toileting or dressing; NDIS worker screening check)',
].join('\n');

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/**
 * Asks an OpenAI-compatible chat completions API to read the text, and checks the answer against
 * the filter schema. Throws ModelReplyError (or the fetch error) on anything else: an error
 * status, a timeout, a reply that is not JSON or does not fit the schema.
 */
export async function askLanguageModel(
  config: LlmConfig,
  input: { text: string; current: MatchFilters },
  fetchFn: typeof globalThis.fetch = globalThis.fetch,
): Promise<MatchFilters> {
  const response = await fetchFn(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${config.apiKey}` },
    body: JSON.stringify({
      model: config.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: systemPrompt },
        { role: 'user', content: JSON.stringify(input) },
      ],
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) throw new ModelReplyError(`the model answered HTTP ${response.status}`);
  const completion = completionSchema.safeParse(await response.json().catch(() => null));
  if (!completion.success) throw new ModelReplyError('the reply is not a chat completion');
  let content: unknown;
  try {
    content = JSON.parse(completion.data.choices[0]?.message.content ?? '');
  } catch {
    throw new ModelReplyError('the reply is not JSON');
  }
  const candidate = content !== null && typeof content === 'object' && 'filters' in content ? content.filters : content;
  const filters = matchFiltersSchema.safeParse(candidate);
  if (!filters.success) {
    const fields = [...new Set(filters.error.issues.map((issue) => issue.path.join('.') || '(root)'))].join(', ');
    throw new ModelReplyError(`the reply does not fit the filter schema (${fields})`);
  }
  return filters.data;
}

import { z } from 'zod';
import { careForCodes } from '../care-for';
import { SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE, RECENT_WORKERS_DEFAULT } from '../constants';
import { availabilitySchema, availabilitySlots, dayCodes } from '../days';
import { genderPreferenceCodes, locationTypeCodes, sortTypeCodes } from '../job-options';
import { languageCodes } from '../languages';
import { genderCodes } from '../profile-options';
import { qualificationCodes } from '../qualifications';
import { skillCodes } from '../skills';
import { stateCodes } from '../states';
import { safeText } from '../validation/safe-text';
import { limitParameter, repeatedParameter, startParameter } from './query-params';

/**
 * The contract of finding workers (spec sections 3, 7 and 9; issue 5): the search query and its
 * results, the public profile, the shortlist, a care seeker's workers and the AI worker match.
 * The API validates requests and serialises responses with these; the web app builds its
 * requests and parses responses with them.
 */

// ---------------------------------------------------------------------------------------------
// Query-string helpers (the shared ones are in query-params.ts)

/** `limit` of the worker search and the job board: a page of SEARCH_PAGE_SIZE, at most SEARCH_MAX_LIMIT. */
export function searchLimitParameter() {
  return limitParameter({ max: SEARCH_MAX_LIMIT, pageSize: SEARCH_PAGE_SIZE, message: `limit must be a whole number between 1 and ${SEARCH_MAX_LIMIT}` });
}

/** A yes/no flag in a query string: `true` or `false` (anything else is a 400). */
const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true')
  .optional();

// The parameters worker search and the job board both read, with the same messages.

/** `location`: a suburb ("Marrickville"), "suburb STATE" ("Marrickville NSW") or a postcode ("2204"). */
export const locationParamSchema = z.string().trim().check(safeText()).max(100, { error: 'location is too long' }).optional();

/** `skillType`, repeatable: skill codes. */
export const skillTypeParamSchema = repeatedParameter(z.enum(skillCodes, { error: 'skillType is not a known skill' }));

/** `availability`, repeatable: days, the first three letters (mon to sun). */
export const availabilityParamSchema = repeatedParameter(z.enum(dayCodes, { error: 'availability must be a day: mon, tue, wed, thu, fri, sat or sun' }));

/** `keyword`: free text, up to 200 characters. */
export const keywordParamSchema = z.string().trim().check(safeText()).max(200, { error: 'keyword must be 200 characters or fewer' }).optional();

/**
 * `locationType`: ANY (the default) or a radius. Accepts the domain codes (`KM_10`) and, as a
 * convenience for shared links, the bare number of kilometres (`10`).
 */
export const locationTypeParamSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? `KM_${value}` : value),
  z.enum(locationTypeCodes, { error: 'locationType must be ANY, or a radius of 5, 10, 25 or 50 km' }),
);

// ---------------------------------------------------------------------------------------------
// GET /api/search

export const workerSearchQuerySchema = z.object({
  location: locationParamSchema,
  locationType: locationTypeParamSchema.default('ANY'),
  gender: z.enum(genderPreferenceCodes, { error: 'gender must be ANY, FEMALE, MALE or NON_BINARY' }).optional(),
  sortType: z.enum(sortTypeCodes, { error: 'sortType must be bestMatch, lastActive or newest' }).default('bestMatch'),
  start: startParameter(100_000),
  limit: searchLimitParameter(),
  skillType: skillTypeParamSchema,
  /** Days the worker is free, the first three letters: mon to sun. */
  availability: availabilityParamSchema,
  /**
   * Parts of the day the worker is free: in each one asked for, on every day asked for in
   * `availability`, or on at least one day when no day is asked for.
   */
  timesOfDay: repeatedParameter(z.enum(availabilitySlots, { error: 'timesOfDay must be morning, afternoon or evening' })),
  carerLanguage: repeatedParameter(z.enum(languageCodes, { error: 'carerLanguage is not a known language code' })),
  keyword: keywordParamSchema,
  hasVerifiedNDISScreening: flag,
  driving: flag,
  personalCare: flag,
  qualifications: repeatedParameter(z.enum(qualificationCodes, { error: 'qualifications has an unknown qualification' })),
  newWorkersOnly: flag,
  activeWorkersOnly: flag,
});
export type WorkerSearchQuery = z.infer<typeof workerSearchQuerySchema>;
/** What a client sends: every parameter optional, in its query-string form. */
export type WorkerSearchParams = z.input<typeof workerSearchQuerySchema>;

/** The three background checks a result and a profile show (spec section 7). */
export const workerChecksSchema = z.object({
  policeCheck: z.boolean(),
  ndisScreening: z.boolean(),
  workingWithChildren: z.boolean(),
});
export type WorkerChecks = z.infer<typeof workerChecksSchema>;

/** Who a worker is, as every list and the profile show them. */
const workerIdentitySchema = z.object({
  carerId: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  /** URL path of the photo. */
  avatar: z.string(),
  suburb: z.string().nullable(),
  state: z.enum(stateCodes).nullable(),
  headline: z.string().nullable(),
  gender: z.enum(genderCodes).nullable(),
});

/** One worker in search results, recent workers, the shortlist and a care seeker's workers. */
export const workerSummarySchema = workerIdentitySchema.extend({
  /** Metres from the searched location; null when the search had no location. */
  distance: z.number().nullable(),
  /** Weekday hourly rate in cents; null when the worker has not set one. */
  hourlyRate: z.number().int().nullable(),
  /** The bio in full; lists shorten it. */
  description: z.string(),
  skills: z.array(z.enum(skillCodes)),
  languages: z.array(z.enum(languageCodes)),
  qualifications: z.array(z.enum(qualificationCodes)),
  /** Days with any free slot, mon to sun. */
  availableDays: z.array(z.enum(dayCodes)),
  driving: z.boolean(),
  personalCare: z.boolean(),
  checks: workerChecksSchema,
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type WorkerSummary = z.infer<typeof workerSummarySchema>;

/** GET /api/search → 200: at most `limit` workers; fewer than `limit` means the end. */
export const workerSearchResultsSchema = z.array(workerSummarySchema);

/** GET /api/search/recent */
export const recentWorkersQuerySchema = z.object({
  totalResult: limitParameter({
    max: SEARCH_MAX_LIMIT,
    pageSize: RECENT_WORKERS_DEFAULT,
    message: `totalResult must be a whole number between 1 and ${SEARCH_MAX_LIMIT}`,
  }),
});

// ---------------------------------------------------------------------------------------------
// GET /api/carer/{id}: the public profile

const labelled = <T extends z.ZodType>(code: T) => z.object({ code, label: z.string() });

const verifiedCheckSchema = z.object({ verified: z.boolean(), verifiedAt: z.string().nullable() });

export const workerReviewSchema = z.object({
  id: z.string(),
  /** The reviewer's first name only. */
  authorFirstName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  /** When the reviewer last changed it (issue 17), else null. */
  updatedAt: z.string().nullable().default(null),
  /** The worker's one reply, if any. */
  reply: z.object({ text: z.string(), repliedAt: z.string() }).nullable().default(null),
});
export type WorkerReview = z.infer<typeof workerReviewSchema>;

export const workerProfileSchema = workerIdentitySchema.extend({
  bio: z.string(),
  skills: z.array(labelled(z.enum(skillCodes))),
  /** Everyday tasks the worker offers (the services of spec section 1). */
  tasks: z.array(labelled(z.string())),
  languages: z.array(labelled(z.enum(languageCodes))),
  qualifications: z.array(labelled(z.enum(qualificationCodes))),
  /** Cents per hour (sleepover: per night); null when not offered. */
  rates: z.object({
    weekday: z.number().int().nullable(),
    saturday: z.number().int().nullable(),
    sunday: z.number().int().nullable(),
    publicHoliday: z.number().int().nullable(),
    evening: z.number().int().nullable(),
    overnight: z.number().int().nullable(),
    sleepover: z.number().int().nullable(),
  }),
  availability: availabilitySchema,
  driving: z.object({ hasDriversLicence: z.boolean(), hasCar: z.boolean() }),
  personalCare: z.boolean(),
  travelRadiusKm: z.number().int().nullable(),
  checks: z.object({
    policeCheck: verifiedCheckSchema,
    ndisScreening: verifiedCheckSchema,
    workingWithChildren: verifiedCheckSchema,
  }),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  reviews: z.array(workerReviewSchema),
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type WorkerProfile = z.infer<typeof workerProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Shortlist (care seekers, and coordinators acting as one) and a care seeker's workers

export const shortlistRequestSchema = z.object({ carerId: z.uuid({ error: 'carerId must be a worker id' }) });
export const shortlistItemSchema = z.object({
  carerId: z.string(),
  addedAt: z.string(),
  worker: workerSummarySchema,
});
export type ShortlistItem = z.infer<typeof shortlistItemSchema>;
/** GET /api/shortlist → 200, newest first. POST → 201 (or 200 when already there). DELETE /api/shortlist/{carerId} → 204. */
export const shortlistSchema = z.array(shortlistItemSchema);

export const myCarersQuerySchema = z.object({ withContractsOnly: flag.default(false) });
export const myCarerSchema = z.object({
  worker: workerSummarySchema,
  shortlisted: z.boolean(),
  hasContract: z.boolean(),
});
export type MyCarer = z.infer<typeof myCarerSchema>;
export const myCarersSchema = z.array(myCarerSchema);

// ---------------------------------------------------------------------------------------------
// POST /api/search/interpret: the AI worker match turns free text into search filters

/** The filters the assistant can set: the search parameters in their parsed form. */
export const matchFiltersSchema = z.object({
  location: z.string().check(safeText()).optional(),
  locationType: z.enum(locationTypeCodes).optional(),
  gender: z.enum(genderPreferenceCodes).optional(),
  skillType: z.array(z.enum(skillCodes)).optional(),
  availability: z.array(z.enum(dayCodes)).optional(),
  /** Parts of the day the worker is free (the search's `timesOfDay`). */
  timesOfDay: z.array(z.enum(availabilitySlots)).optional(),
  carerLanguage: z.array(z.enum(languageCodes)).optional(),
  qualifications: z.array(z.enum(qualificationCodes)).optional(),
  keyword: z.string().check(safeText()).optional(),
  hasVerifiedNDISScreening: z.boolean().optional(),
  driving: z.boolean().optional(),
  personalCare: z.boolean().optional(),
  /** Who the support is for; not a search filter, but part of the conversation. */
  careFor: z.enum(careForCodes).optional(),
});
export type MatchFilters = z.infer<typeof matchFiltersSchema>;

/** The topics the assistant asks about, in order, until each is answered. */
export const matchTopics = ['support', 'careFor', 'location', 'when', 'preferences'] as const;
export type MatchTopic = (typeof matchTopics)[number];

export const interpretRequestSchema = z.object({
  text: z
    .string({ error: 'Tell us what support you are looking for' })
    .trim()
    .min(1, { error: 'Tell us what support you are looking for' })
    .check(safeText('multi'))
    .max(1000, { error: 'Please keep your request under 1000 characters' }),
  /** The filters so far: new text refines them. */
  current: matchFiltersSchema.default({}),
  /**
   * The topics answered or skipped so far: send back the previous response's `answered`. A
   * skipped topic ("skip", "any", "no preference") leaves no filter behind, so only this list
   * keeps the assistant from asking it again.
   */
  answered: z.array(z.enum(matchTopics)).default([]),
  /**
   * The radius the assistant chose itself in its previous answer (`searchArea.locationType` when
   * `searchArea.isAutomatic`). While `current.locationType` is still that radius, the assistant
   * may widen or narrow it again; any other radius is the person's and stays.
   */
  autoRadius: z.enum(locationTypeCodes).optional(),
});

/**
 * Where the search looks when the filters name a place: within 25 km, widened to 50 km when
 * fewer than 5 workers match, unless the person chose a radius.
 */
export const matchSearchAreaSchema = z.object({
  /** The radius searched, the same as `filters.locationType`. */
  locationType: z.enum(locationTypeCodes),
  /** The assistant chose the radius (send it back as `autoRadius`); false when the person did. */
  isAutomatic: z.boolean(),
  /** What to tell the person about the radius, e.g. that it was widened; null when nothing needs saying. */
  note: z.string().nullable(),
});
export type MatchSearchArea = z.infer<typeof matchSearchAreaSchema>;

/**
 * How many workers the search finds with the filters the assistant answered with (issue 31): the
 * assistant's closing words follow it, so it never says "here are the workers who match" over an
 * empty list.
 */
export const matchResultsSchema = z.object({
  /** The workers the search finds, counted no further than MATCH_ENOUGH_WORKERS. */
  count: z.number().int().min(0),
  /**
   * When none: the filters that, taken away on their own, let the search find workers, one plain
   * line each ("Speaks Greek"), with the radius first when widening it finds some.
   */
  relax: z.array(z.object({ filter: z.string(), label: z.string() })),
});
export type MatchResults = z.infer<typeof matchResultsSchema>;

export const interpretResponseSchema = z.object({
  /** The merged filters: `current` refined by the text. */
  filters: matchFiltersSchema,
  /** What was understood from this text, one plain-language line per filter it set or removed. */
  understood: z.array(z.object({ filter: z.string(), label: z.string() })),
  /** The next thing to ask, or null when there is enough to search. */
  nextQuestion: z.object({ topic: z.enum(matchTopics), text: z.string() }).nullable(),
  /** Which engine read the text. */
  engine: z.enum(['local', 'llm']),
  /** The topics answered or skipped so far, this text included: send it with the next request. */
  answered: z.array(z.enum(matchTopics)).default([]),
  /** Where the search looks; null when the filters name no place. */
  searchArea: matchSearchAreaSchema.nullable().default(null),
  /**
   * The words and phrases of this text no filter came from, as written ("meals", "a patient
   * carer"): the assistant names them, so nothing is dropped without a word (issue 31).
   */
  notUsed: z.array(z.string()).default([]),
  /** How many workers match now; null when they could not be counted. */
  results: matchResultsSchema.nullable().default(null),
});
export type InterpretResponse = z.infer<typeof interpretResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/carer/{id}/enquiries: a care seeker (or a coordinator acting as one) contacts a
// worker from the profile page. The enquiry is stored, delivered into the conversation between the
// two (issue 13) and emailed to the worker with the care seeker's first name.

export const ENQUIRY_MESSAGE_MAX = 2000;
export const workerEnquiryRequestSchema = z.object({
  message: z
    .string({ error: 'Please write a message to the worker' })
    .trim()
    .min(20, { error: 'Please write at least 20 characters so the worker knows what you need' })
    .check(safeText('multi'))
    .max(ENQUIRY_MESSAGE_MAX, { error: `Please keep your message under ${ENQUIRY_MESSAGE_MAX} characters` }),
});
export const workerEnquiryResponseSchema = z.object({
  id: z.string(),
  sentAt: z.string(),
  /** The conversation the message was delivered into (issue 13): the page can open it. */
  conversationId: z.uuid(),
});

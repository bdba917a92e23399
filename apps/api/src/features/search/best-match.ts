import { sql, type SQL } from 'drizzle-orm';
import { JOB_ALERT_RADIUS_KM } from '@tendly/domain/constants';
import { availabilitySlots, type DayCode } from '@tendly/domain/days';
import type { SkillCode } from '@tendly/domain/skills';
import {
  MATCH_ACTIVITY_DAYS,
  MATCH_ACTIVITY_POINTS,
  MATCH_DAY_EPOCH,
  MATCH_DAY_TIME_ZONE,
} from '../../platform/db/schema/workers';

/**
 * The best-match score (spec section 9: bestMatch is the default sort). Up to 105 points, more
 * is better; a part the search does not ask about counts 0 for everyone, so it never reorders
 * such a search:
 *
 * - skills matched: 35 × (skills asked for that the worker has ÷ skills asked for);
 * - distance: 20 × (1 − distance ÷ reach), never below 0; the reach is the search radius, or
 *   25 km when the search has a location but any distance (the distance workers are alerted to
 *   new jobs within, JOB_ALERT_RADIUS_KM): home care is local, so a worker 3 km away should
 *   outrank a slightly better-reviewed one 20 km away;
 * - availability overlap: 15 × (free parts of the day, morning, afternoon or evening, on the
 *   days asked for ÷ all parts of those days);
 * - verified checks: 5 for each of the police check, the NDIS worker screening and the working
 *   with children check;
 * - rating: 2 × the Bayesian average rating, which starts a worker with no reviews at 4 stars as
 *   if they had three 4-star reviews, so one 5-star review does not outrank forty 4.8s (up to 10);
 * - recent activity: 10 × (1 − whole days since the worker was last active ÷ 90), never below 0.
 *
 * Ties go to the lower worker id, so the order is total and paging never repeats or skips a
 * worker. Days since active are whole days of the Sydney calendar, so a worker's score does not
 * drift between one page and the next. The checks and the rating are stored per profile
 * (`worker_profiles.match_quality`), and with the activity in `match_recency_key`, so that
 * best-match-bounds.ts can leave out, through indexes, workers who cannot make the page.
 */
export const BEST_MATCH_DESCRIPTION =
  'bestMatch orders by a score of up to 105 points, ties broken by worker id: skills matched (35 × the share of ' +
  'the skills asked for), distance (20 × (1 − distance ÷ radius), with 25 km when the location has any distance), ' +
  'availability overlap (15 × the share of mornings, afternoons and evenings free on the days asked for), verified ' +
  'checks (5 each: police, NDIS worker screening, working with children), rating (2 × the average rating, counted ' +
  'as if every worker also had three 4-star reviews) and recent activity (10 × (1 − days since last active ÷ 90)). ' +
  'A part the search does not ask about counts 0 for everyone.';

export const SKILLS_POINTS = 35;
export const DISTANCE_POINTS = 20;
export const AVAILABILITY_POINTS = 15;
/** Checks (15) and rating (10), stored as `match_quality`. */
export const QUALITY_POINTS = 25;
export const ACTIVITY_POINTS = MATCH_ACTIVITY_POINTS;
/** Distance points fall to 0 at this distance when the search has a location but no radius. */
export const ANY_DISTANCE_REACH_KM = JOB_ALERT_RADIUS_KM;

export interface BestMatchInput {
  skills: readonly SkillCode[];
  days: readonly DayCode[];
  /** SQL for the metres from the searched place (null for a worker without a place), and the reach in km. */
  distance: { metres: SQL; reachKm: number } | null;
}

function sum(parts: readonly SQL[]): SQL {
  return parts.length === 0 ? sql`0::float8` : sql`(${sql.join([...parts], sql` + `)})`;
}

/**
 * What turns `match_recency_key` into today's points: 10 − 10 × (today − day 0) ÷ 90, today
 * being the date in Sydney.
 */
export const recencyOffset = sql.raw(
  `(${MATCH_ACTIVITY_POINTS}::float8 - ${MATCH_ACTIVITY_POINTS}::float8 / ${MATCH_ACTIVITY_DAYS}` +
    ` * (((now() at time zone '${MATCH_DAY_TIME_ZONE}')::date) - date '${MATCH_DAY_EPOCH}'))`,
);

/**
 * Checks, rating and recent activity: match_quality + 10 × (1 − days since active ÷ 90) while
 * that is positive, else match_quality alone (see `match_recency_key` in the schema).
 */
export const profileScore = sql`greatest(wp.match_recency_key + ${recencyOffset}, wp.match_quality)`;

/** The parts that depend on what the search asks for: skills, distance and availability. */
export function searchScore(input: BestMatchInput): SQL {
  const parts: SQL[] = [];
  if (input.skills.length > 0) {
    const matched = sum(input.skills.map((skill) => sql`(wp.skills @> array[${skill}]::text[])::int`));
    parts.push(sql`${SKILLS_POINTS}::float8 * ${matched} / ${input.skills.length}::int`);
  }
  if (input.distance) {
    const reachMetres = input.distance.reachKm * 1000;
    parts.push(sql`coalesce(${DISTANCE_POINTS}::float8 * greatest(0, 1 - ${input.distance.metres} / ${reachMetres}::float8), 0)`);
  }
  if (input.days.length > 0) {
    const freeSlots = sum(
      input.days.flatMap((day) =>
        availabilitySlots.map((slot) => sql`(coalesce(wp.availability -> ${day}::text ->> ${slot}::text, 'false') = 'true')::int`),
      ),
    );
    parts.push(sql`${AVAILABILITY_POINTS}::float8 * ${freeSlots} / ${input.days.length * availabilitySlots.length}::int`);
  }
  return sum(parts);
}

/** The score as SQL over `wp` (worker_profiles), in double precision. */
export function bestMatchScore(input: BestMatchInput): SQL {
  return sql`(${profileScore} + ${searchScore(input)})`;
}

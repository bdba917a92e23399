import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../platform/db/client';
import { boundingBox, cellsInside, nearestMetresToCell, placeCells } from '../../platform/places/place-geometry';
import { AVAILABILITY_POINTS, DISTANCE_POINTS, QUALITY_POINTS, recencyOffset, SKILLS_POINTS } from './best-match';
import type { BestMatchPlan } from './best-match-bounds';
import { radiusKmOf, searchConditions } from './search-filters';
import { textArray } from '../../platform/db/text-array';

/**
 * A radius search that reads a few workers of each grid cell rather than every worker in the
 * radius (issue 18: searches nobody made before, p95 under 50 ms at 100,000 workers with the
 * results cache off).
 *
 * The radius covers some grid cells (`place_cell`, about 11 by 9 km). Each cell is read in an
 * order an index gives (`worker_profiles_cell_*_idx`: the cell, then the order, then the id), a
 * few workers at a time, and a cell stops being read once none of its unread workers can make the
 * page:
 *
 * - newest and last active: the cell's order is the page's order, so once the last worker read
 *   in a cell comes after the page's last so far, every unread one does too;
 * - best match: the cell's order is `match_recency_key` (checks, rating and activity, see
 *   best-match.ts), so an unread worker's checks, rating and activity are at most those of the
 *   last read (or 25, the most without recent activity), and their distance points at most those
 *   of the cell's nearest corner to the place; with the most the skills and availability can add,
 *   that bounds their score. A cell stops once that bound is below the page's last score so far.
 *   Cells far from the place, whose bound is low from the start, are never read.
 *
 * The page's last so far can only rise as more is read, so a worker left unread could never have
 * made the page. The page itself is then the ordinary page query (`searchQuery`) over the
 * workers read that can still make it, so it is exactly the page scoring every match gives, in
 * the same order (cell-walk.test.ts compares them on many random searches).
 *
 * Nothing is precomputed beyond the stored generated columns, so a profile change shows in the
 * next search.
 */

/** Deeper pages than this are left to the full query. */
const MAX_WALK_DEPTH = 200;
/** More workers read than this and the walk gives up for the full query (a dense, unselective search). */
const MAX_WALK_ROWS = 6_000;
/** Best match reads the cells nearest the place first, this many of them. */
const FIRST_CELLS = 4;
/** Scores are floating point, and the Sydney day may turn between two reads. */
const SCORE_SLACK = 10 / 60;
/** Seconds: timestamps are compared as floating-point epochs, so near-equal ones are kept. */
const TIME_SLACK_SECONDS = 0.001;

/**
 * A part of a cell read in the cell's order: best match with several skills reads the workers
 * with every skill apart from those with some (the `tier`), since the first score up to 35
 * skill points more and usually fill the page alone.
 */
interface CellState {
  cell: number;
  /** 0: every match in the cell; 1: those with every skill asked for; 2: those with some but not all. */
  tier: 0 | 1 | 2;
  /** The most skill points a worker of this part can have (best match). */
  skillPoints: number;
  /** The most distance points a worker in the cell can have (best match). */
  distancePoints: number;
  /** Workers asked of the cell so far (its first `asked` in the cell's order). */
  asked: number;
  read: WalkRow[];
  exhausted: boolean;
}

const walkRowSchema = z.object({
  cell: z.number(),
  tier: z.number(),
  id: z.string(),
  key: z.number().nullable(),
  score: z.number(),
  offset: z.number(),
  /** The most checks, rating and activity points any listed worker has today. */
  mostProfile: z.number(),
});
type WalkRow = z.infer<typeof walkRowSchema>;

/** The index order of each sort: the column after the cell in `worker_profiles_cell_*_idx`. */
function walkKey(plan: BestMatchPlan): { order: SQL; key: SQL } {
  switch (plan.criteria.query.sortType) {
    case 'bestMatch':
      return { order: sql`wp.match_recency_key desc nulls last, wp.user_id`, key: sql`wp.match_recency_key` };
    case 'lastActive':
      return { order: sql`wp.last_active_at desc nulls last, wp.user_id`, key: sql`extract(epoch from wp.last_active_at)::float8` };
    case 'newest':
      return { order: sql`wp.joined_at desc nulls last, wp.user_id`, key: sql`extract(epoch from wp.joined_at)::float8` };
  }
}

/**
 * The search's conditions within one cell: the radius as the exact distance alone, since the
 * list of the radius's cells (in `plan.conditions`) would lead the planner to the index on the
 * cell alone, reading and sorting the whole cell, rather than the cell's index in the walk's order.
 */
function walkConditions(plan: BestMatchPlan, cells: readonly number[]): SQL[] {
  const { criteria } = plan;
  const radiusKm = radiusKmOf(criteria) ?? 0;
  const distance = sql`${plan.distance} <= ${radiusKm * 1000}::float8`;
  // Cells wholly inside the radius need no distance check (a few microseconds a worker).
  const inside = criteria.place ? cellsInside(criteria.place, radiusKm, cells) : [];
  return [
    ...searchConditions({ ...criteria, place: null }),
    inside.length > 0 ? sql`(wp.place_cell = any(${`{${inside.join(',')}}`}::int[]) or ${distance})` : distance,
  ];
}

/**
 * The first `asked` workers of each cell, in the cell's order. Cells asked for as many are read
 * by one lateral join, with that number written into the SQL: with a parameter the planner
 * guesses a tenth of the cell and prefers reading and sorting all of it.
 */
async function readCells(db: DbExecutor, plan: BestMatchPlan, cells: readonly CellState[]): Promise<WalkRow[]> {
  const { order, key } = walkKey(plan);
  const score = plan.criteria.query.sortType === 'bestMatch' ? plan.score : sql`0::float8`;
  const conditions = sql.join(
    walkConditions(
      plan,
      cells.map((cell) => cell.cell),
    ),
    sql` and `,
  );
  const groups = new Map<string, { tier: CellState['tier']; asked: number; cells: number[] }>();
  for (const cell of cells) {
    const group = groups.get(`${cell.tier}:${cell.asked}`) ?? { tier: cell.tier, asked: cell.asked, cells: [] };
    group.cells.push(cell.cell);
    groups.set(`${cell.tier}:${cell.asked}`, group);
  }
  const skills = textArray(plan.criteria.query.skillType);
  const tierCondition = { 0: sql`true`, 1: sql`wp.skills @> ${skills}`, 2: sql`not wp.skills @> ${skills}` };
  const reads = [...groups.values()].map(
    ({ tier, asked, cells: group }) => sql`
      select c.cell, ${tier}::int as tier, w.id, w.key, w.score, w.offset
      from unnest(${`{${group.join(',')}}`}::int[]) as c(cell)
      cross join lateral (
        select wp.user_id::text as id, ${key} as key, ${score} as score, ${recencyOffset} as offset
        from worker_profiles wp
        cross join lateral (select ${plan.distance} as metres) as dist
        where wp.place_cell = c.cell and ${conditions} and ${tierCondition[tier]}
        order by ${order}
        limit ${sql.raw(String(Math.trunc(asked)))}
      ) as w`,
  );
  const result = await db.execute(sql`
    select r.*,
      greatest((select max(match_recency_key) from worker_profiles where status = 'ACTIVE') + ${recencyOffset}, ${QUALITY_POINTS}::float8)
        as "mostProfile"
    from (${sql.join(reads, sql` union all `)}) as r`);
  return z.array(walkRowSchema).parse(result.rows);
}

/** Whether `a` comes before `b` in a newest or last-active page (later first, no date last, then the id). */
function comesBefore(a: WalkRow, b: WalkRow): boolean {
  if (a.key === null || b.key === null) return a.key === b.key ? a.id < b.id : b.key === null;
  return a.key === b.key ? a.id < b.id : a.key > b.key;
}

interface Page {
  /** The page's last so far; undefined while fewer than `depth` workers have been read. */
  last: WalkRow | undefined;
  read: WalkRow[];
}

function pageSoFar(plan: BestMatchPlan, cells: readonly CellState[], depth: number): Page {
  const read = cells.flatMap((c) => c.read);
  const sorted =
    plan.criteria.query.sortType === 'bestMatch'
      ? [...read].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      : [...read].sort((a, b) => (comesBefore(a, b) ? -1 : 1));
  return { last: sorted[depth - 1], read };
}

/** Whether unread workers of the cell might still make the page. */
function mayMakePage(plan: BestMatchPlan, cell: CellState, last: WalkRow | undefined, most: { availability: number }): boolean {
  if (cell.exhausted) return false;
  if (!last) return true;
  const lastRead = cell.read.at(-1);
  if (plan.criteria.query.sortType !== 'bestMatch') {
    if (!lastRead) return true;
    if (last.key === null) return lastRead.key !== null || lastRead.id < last.id;
    if (lastRead.key === null) return false;
    return lastRead.key >= last.key - TIME_SLACK_SECONDS;
  }
  // Checks, rating and activity of an unread worker: at most those of the last read, or 25.
  // A cell not read yet could hold anyone: the most any listed worker has stands in.
  const profile = lastRead
    ? Math.max(lastRead.key === null ? QUALITY_POINTS : lastRead.key + lastRead.offset, QUALITY_POINTS)
    : last.mostProfile;
  return profile + cell.skillPoints + cell.distancePoints + most.availability >= last.score - SCORE_SLACK;
}

/**
 * One page of a radius search, read cell by cell (see above); null when the search is not a
 * radius search, the page is deep, or the walk reads too many workers: the full query then.
 */
export async function walkCells(db: DbExecutor, plan: BestMatchPlan): Promise<{ candidates: string[]; rowsRead: number } | null> {
  const { place, query } = plan.criteria;
  const radiusKm = radiusKmOf(plan.criteria);
  const depth = query.start + query.limit;
  if (!place || radiusKm === null || depth > MAX_WALK_DEPTH) return null;
  const cellNumbers = placeCells(boundingBox(place, radiusKm));
  if (!cellNumbers) return null;

  const reachMetres = plan.reachKm * 1000;
  const isBestMatch = query.sortType === 'bestMatch';
  const skillCount = query.skillType.length;
  // Best match with several skills: the workers with every skill (up to 35 skill points), then
  // those with some (up to 35 × (skills − 1) ÷ skills).
  const tiers: { tier: CellState['tier']; skillPoints: number }[] =
    isBestMatch && skillCount >= 2
      ? [
          { tier: 1, skillPoints: SKILLS_POINTS },
          { tier: 2, skillPoints: (SKILLS_POINTS * (skillCount - 1)) / skillCount },
        ]
      : [{ tier: 0, skillPoints: skillCount > 0 ? SKILLS_POINTS : 0 }];
  const cells: CellState[] = cellNumbers
    .map((cell) => ({ cell, nearest: nearestMetresToCell(place, cell) }))
    .filter(({ nearest }) => nearest <= radiusKm * 1000)
    .flatMap(({ cell, nearest }) =>
      tiers.map(({ tier, skillPoints }) => ({
        cell,
        tier,
        skillPoints,
        distancePoints: DISTANCE_POINTS * Math.max(0, 1 - nearest / reachMetres),
        asked: 0,
        read: [],
        exhausted: false,
      })),
    )
    .sort((a, b) => b.skillPoints + b.distancePoints - (a.skillPoints + a.distancePoints));
  const most = { availability: query.availability.length > 0 ? AVAILABILITY_POINTS : 0 };
  // Best match starts with the cells nearest the place; the other sorts with a few of every cell.
  let next = isBestMatch
    ? cells.slice(0, FIRST_CELLS).map((cell) => ({ cell, asked: depth }))
    : cells.map((cell) => ({ cell, asked: Math.max(2, Math.ceil((depth * 2) / cells.length)) }));
  let page: Page = { last: undefined, read: [] };
  let rowsRead = 0;
  while (next.length > 0) {
    for (const { cell, asked } of next) cell.asked = asked;
    const asking = next.map(({ cell }) => cell);
    const rows = await readCells(db, plan, asking);
    rowsRead += rows.length;
    if (rowsRead > MAX_WALK_ROWS) return null;
    const byCell = new Map<string, WalkRow[]>();
    for (const row of rows) byCell.set(`${row.cell}:${row.tier}`, [...(byCell.get(`${row.cell}:${row.tier}`) ?? []), row]);
    for (const cell of asking) {
      cell.read = byCell.get(`${cell.cell}:${cell.tier}`) ?? [];
      cell.exhausted = cell.read.length < cell.asked;
    }
    page = pageSoFar(plan, cells, depth);
    next = cells
      .filter((cell) => mayMakePage(plan, cell, page.last, most))
      .map((cell) => ({ cell, asked: cell.asked === 0 ? depth : cell.asked * 4 }));
  }
  return { candidates: candidatesOf(plan, page), rowsRead };
}

/** The workers read that can still make the page (the page query orders them exactly). */
function candidatesOf(plan: BestMatchPlan, page: Page): string[] {
  const { last, read } = page;
  if (!last) return read.map((row) => row.id);
  if (plan.criteria.query.sortType === 'bestMatch') return read.filter((row) => row.score >= last.score - SCORE_SLACK).map((row) => row.id);
  return read
    .filter((row) => {
      if (last.key === null) return row.key !== null || row.id <= last.id;
      return row.key !== null && row.key >= last.key - TIME_SLACK_SECONDS;
    })
    .map((row) => row.id);
}

import { randomInt, randomUUID } from 'node:crypto';
import type { WorkerCard } from '@tendly/domain/api/workers';
import type { DbExecutor } from '../../platform/db/client';
import { findCardWorkersAtPivots, findCardWorkersFrom } from './worker-card-repository';

/** Pivot rounds before falling back to a contiguous run of ids. */
const PIVOT_ROUNDS = 3;

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * `count` different active workers with a photo and a bio, in random order, for the home page's
 * worker cards (spec 2.9). Never `order by random()` over the table: each pick is a random UUID
 * pivot into a partial index (see the repository), so the cost does not grow with the number of
 * workers. Fewer come back only when fewer such workers exist.
 */
export async function pickRandomWorkerCards(db: DbExecutor, count: number): Promise<WorkerCard[]> {
  const picked = new Map<string, WorkerCard>();
  for (let round = 0; round < PIVOT_ROUNDS && picked.size < count; round += 1) {
    // Twice as many pivots as still needed, so one round nearly always suffices.
    const pivots = Array.from({ length: (count - picked.size) * 2 }, () => randomUUID());
    const found = await findCardWorkersAtPivots(db, pivots);
    if (found.length === 0) break;
    for (const card of found) if (picked.size < count && !picked.has(card.carerId)) picked.set(card.carerId, card);
  }
  if (picked.size < count) {
    const rest = await findCardWorkersFrom(db, randomUUID(), [...picked.keys()], count - picked.size);
    for (const card of rest) picked.set(card.carerId, card);
  }
  return shuffled([...picked.values()]);
}

import type { TaskCode } from '@tendly/domain/tasks';
import type { DemoWorker } from './demo-workers';
import { nameBackgrounds, neutralFirstNames } from './names';
import type { Random } from './random';

/**
 * Reviews of demo workers by the people they support or their families, written from fragments
 * so that a few thousand read differently: an opening that fits the stars, something the worker
 * really does (from their tasks), and a closing. Reviewers are named by first name only, as the
 * profile page shows them.
 */
export interface DemoReview {
  authorFirstName: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

export interface ReviewedWorker {
  firstName: string;
  tasks: readonly string[];
  joinedAt: Date;
}

/** Who the support was for, as a reviewer would say it. */
const people = ['Mum', 'Dad', 'Nan', 'Pop', 'my husband', 'my wife', 'my son', 'my daughter', 'my brother', 'my sister', 'our grandson', 'my partner'];

const taskPraise: Partial<Record<TaskCode, readonly string[]>> = {
  CTD: ['The house has never been so tidy, and {name} never rushes the job.', 'Cleaning is done properly, right down to the skirting boards.'],
  CTDL: ['Washing and ironing are always done and put away where they belong.'],
  COOK: ['{name} cooks meals {person} actually finishes, which is a small miracle.', 'The home cooking has put a bit of weight back on {person}.'],
  MEAL: ['Meal prep for the week means {person} eats well even on the days nobody visits.'],
  ADM: ['{name} helped sort a mountain of bills and letters without any fuss.'],
  CAIS: ['{person} is doing far more without help now, which was the whole point.'],
  CTP: ['Showering and dressing are done gently, with real respect for {person}.', 'Personal care can be awkward, but {name} makes it feel ordinary and dignified.'],
  CTS: ["The chats over a cuppa are the highlight of {person}'s week.", '{person} lights up when {name} walks in the door.'],
  AUSLAN: ["{name}'s Auslan is excellent, so {person} can finally say exactly what they want."],
  HAM: ['Medication is always on time and {name} keeps a careful record.'],
  TS: ['{name} is calm and confident with the tracheostomy care, which put us at ease.'],
  CM: ['Continence care is handled discreetly and kindly.'],
  PEG: ['PEG feeds are done exactly as the dietitian asked.'],
  HAT: ['Transfers with the hoist are safe and unhurried.'],
  CTE: ['{name} gets {person} to every appointment early and waits patiently.', 'Never late for a specialist appointment, even in peak-hour traffic.'],
  CA: ['{name} gets {person} out to the shops, the library and the beach.', '{person} is out and about again, and much happier for it.'],
  FIT: ['The walks with {name} have done wonders for {person} on the stairs.'],
  ART: ['{person} has a wall of paintings made with {name} and is very proud of them.'],
  MT: ['{name} sings along with {person} to the old songs and it makes the whole day better.'],
  SKILLDEV: ['{person} can now catch the bus to work alone, thanks to {name}.'],
};

const generalPraise = [
  '{name} is reliable and always lets us know if anything changes.',
  '{name} sticks to the routine {person} is used to.',
  'Patient, warm and never in a hurry.',
  '{name} notices the little things and tells us about them.',
];

const openings: Record<number, readonly string[]> = {
  5: ['{name} has been wonderful with {person}.', 'We could not be happier with {name}.', 'Simply the best support we have had.', 'Finding {name} has made such a difference to our family.', '{name} is kind, capable and fun to be around.'],
  4: ['{name} is a lovely, dependable worker.', 'Good support from {name} over the past few months.', '{name} fitted in with our family quickly.', 'Very happy with {name} overall.'],
  3: ['{name} is friendly and means well.', 'Mostly good experiences with {name}.', 'Some great shifts with {name}, some less so.'],
  2: ['{name} was pleasant, but it was not the right fit for us.'],
};

const closings: Record<number, readonly string[]> = {
  5: ['Highly recommend.', 'Thank you, {name}!', 'We have booked more shifts.', 'Worth every cent.', ''],
  4: ['Would recommend.', 'Happy to keep going with {name}.', ''],
  3: ['Communication about changes to shift times could be better.', 'Sometimes runs a little late, but always lets us know.', 'Still getting used to each other.'],
  2: ['Shifts were cancelled at short notice a few times, so we have moved on.'],
};

const reviewerNames = [...new Set([...nameBackgrounds.flatMap((b) => [...b.female, ...b.male]), ...neutralFirstNames])];

function fill(template: string, name: string, person: string): string {
  const text = template.replaceAll('{name}', name).replaceAll('{person}', person);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pickRating(random: Random): number {
  return random.weighted([
    [5, 62],
    [4, 28],
    [3, 8],
    [2, 2],
  ]);
}

function writeComment(worker: ReviewedWorker, rating: number, random: Random): string {
  const person = random.pick(people);
  const praise = worker.tasks.flatMap((task) => taskPraise[task as TaskCode] ?? []);
  // A lukewarm review says one good thing about the work itself, not that the worker is reliable.
  const middle = rating >= 4 ? random.sample([...praise, ...generalPraise], 2) : random.sample(praise.length > 0 ? praise : generalPraise.slice(2, 3), 1);
  const sentences = [random.pick(openings[rating] ?? openings[4] ?? []), ...middle, random.pick(closings[rating] ?? [])];
  return sentences
    .filter((sentence) => sentence !== '')
    .map((sentence) => fill(sentence, worker.firstName, person))
    .join(' ');
}

/**
 * `count` reviews of a worker, oldest first, written between their joining and `now`.
 */
export function writeDemoReviews(worker: ReviewedWorker, count: number, random: Random, now: Date): DemoReview[] {
  const since = worker.joinedAt.getTime();
  const reviews = Array.from({ length: count }, () => {
    const rating = pickRating(random);
    return {
      authorFirstName: random.pick(reviewerNames),
      rating,
      comment: writeComment(worker, rating, random),
      createdAt: new Date(since + random.next() * (now.getTime() - since)),
    };
  });
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The profile's summary of its reviews: the average to 2 decimals (null without reviews) and the count. */
export function summariseReviews(reviews: readonly Pick<DemoReview, 'rating'>[]): { rating: number | null; reviewCount: number } {
  if (reviews.length === 0) return { rating: null, reviewCount: 0 };
  const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
  return { rating: Math.round(average * 100) / 100, reviewCount: reviews.length };
}

/** Most demo workers with reviews have a few; nobody has dozens of invented ones. */
const MAX_REVIEWS_PER_WORKER = 6;

/**
 * Reviews for the generated workers that `buildDemoWorkers` marked as reviewed (a review count
 * above 0), 1 to 6 each, and each profile's rating and review count set to match them. Uses
 * its own `random`, so the workers themselves stay exactly as the seed made them.
 */
export function addDemoReviews(workers: readonly DemoWorker[], random: Random, now: Date): Map<string, DemoReview[]> {
  const byEmail = new Map<string, DemoReview[]>();
  for (const worker of workers) {
    const isReviewed = (worker.profile.reviewCount ?? 0) > 0;
    const reviews = isReviewed
      ? writeDemoReviews(
          { firstName: worker.user.firstName, tasks: worker.profile.tasks ?? [], joinedAt: worker.profile.joinedAt ?? now },
          random.int(1, MAX_REVIEWS_PER_WORKER),
          random,
          now,
        )
      : [];
    Object.assign(worker.profile, summariseReviews(reviews));
    byEmail.set(worker.user.email, reviews);
  }
  return byEmail;
}

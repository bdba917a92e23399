import type { z } from 'zod';
import type { InterpretResponse, interpretRequestSchema, MatchFilters, MatchTopic, WorkerSearchQuery } from '@tendly/domain/api/search';
import type { LlmConfig } from '../../platform/config';
import { describeChanges } from './describe-changes';
import { askLanguageModel } from './language-model';
import { buildLocalityIndex, resolveLocation, stateOfLocation, type LocalityIndex, type LocalityName } from './locality-index';
import { isSkipReply, nextTopic, orderTopics, questionFor, topicsAnsweredBy } from './match-conversation';
import { buildLexicon, type Lexicon } from './match-lexicon';
import { englishNlp, matchKey } from './match-text';
import { readRequest } from './read-request';
import { normaliseFilters, refineFilters } from './refine-filters';
import { countResults } from './match-results';
import { boundSearchArea } from './search-area';

export type InterpretRequest = z.output<typeof interpretRequestSchema>;

export interface WorkerMatchOptions {
  /** The suburb names, read once per process on the first request. */
  loadLocalities: () => Promise<LocalityName[]>;
  /** The language model; null: the local parser reads every text. */
  llm: LlmConfig | null;
  fetch?: typeof globalThis.fetch;
  /** Told why the model's answer was not used (never the text or the key). */
  onModelFailure?: (reason: string) => void;
  /**
   * How many workers GET /api/search finds for a query, counting no further than `atMost`: what
   * decides whether the radius is widened. Without it the radius stays at 25 km.
   */
  countWorkers?: (query: WorkerSearchQuery, atMost: number) => Promise<number>;
  /** Told why the workers could not be counted (the radius then stays as it is). */
  onCountFailure?: (error: unknown) => void;
}

export interface WorkerMatch {
  interpret(request: InterpretRequest): Promise<InterpretResponse>;
  /**
   * Loads what reading a message needs (the suburb names and the English model) now rather than
   * on the first message, and resolves with how long that took in milliseconds.
   */
  warmUp(): Promise<number>;
}

/** Which topic a filter answers, for filters a model changed. */
const topicOfFilter: Readonly<Record<keyof MatchFilters, MatchTopic>> = {
  skillType: 'support',
  personalCare: 'support',
  qualifications: 'support',
  careFor: 'careFor',
  location: 'location',
  locationType: 'location',
  availability: 'when',
  timesOfDay: 'when',
  gender: 'preferences',
  carerLanguage: 'preferences',
  driving: 'preferences',
  hasVerifiedNDISScreening: 'preferences',
  keyword: 'preferences',
};

/** The longest keyword GET /api/search accepts. */
const KEYWORD_MAX = 200;

/**
 * The AI worker match's understanding (issue 5): turns a care seeker's words into search filters,
 * refining the filters so far, says what it understood, and picks the next question. The local
 * parser always reads the text; when a language model is configured its answer is used instead,
 * provided it fits the filter schema and names a known place, and the local reading stands in
 * whenever it does not.
 */
export function createWorkerMatch(options: WorkerMatchOptions): WorkerMatch {
  const lexicon: Lexicon = buildLexicon();
  let localities: Promise<LocalityIndex> | undefined;
  const localityIndex = () => {
    localities ??= options.loadLocalities().then(buildLocalityIndex, (error: unknown) => {
      // A failed read is tried again on the next request.
      localities = undefined;
      throw error;
    });
    return localities;
  };

  async function readWithModel(llm: LlmConfig, text: string, current: MatchFilters, index: LocalityIndex): Promise<MatchFilters | null> {
    try {
      const filters = normaliseFilters(await askLanguageModel(llm, { text, current }, options.fetch));
      if (filters.location) {
        const location = resolveLocation(index, filters.location, [stateOfLocation(current.location)].filter((state) => state !== undefined));
        if (!location) throw new Error('the reply names a place the localities do not know');
        filters.location = location;
      }
      if (filters.keyword && filters.keyword.length > KEYWORD_MAX) throw new Error('the reply has a keyword too long to search');
      return filters;
    } catch (error) {
      options.onModelFailure?.(error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error');
      return null;
    }
  }

  return {
    async warmUp() {
      const started = performance.now();
      const index = await localityIndex();
      englishNlp();
      // One request read and counted end to end, so that the first person's is not the one that
      // warms up the code and the database's query paths (a first search costs 0.3 s or more on PGlite).
      const sample = refineFilters({}, readRequest('Mum lives in Parramatta and needs help with showering on weekday mornings', { lexicon, localities: index }));
      await boundSearchArea(sample, { isPersonsRadius: false, ...(options.countWorkers ? { countWorkers: options.countWorkers } : {}) });
      return Math.round(performance.now() - started);
    },

    async interpret(request) {
      const index = await localityIndex();
      const current = normaliseFilters(request.current);
      const answeredBefore = orderTopics([...request.answered, ...topicsAnsweredBy(current)]);
      const pendingTopic = nextTopic(answeredBefore);
      let filters = current;
      let engine: InterpretResponse['engine'] = 'local';
      const topics: MatchTopic[] = [];
      /** This text chose a radius ("within 10 km", "any distance"). */
      let textSetsRadius = false;
      /** What this text asked for that no filter came from. */
      let notUsed: string[] = [];

      if (isSkipReply(request.text)) {
        // "skip", "no preference": the question asked is answered, and nothing changes.
        if (pendingTopic) topics.push(pendingTopic);
      } else {
        const reading = readRequest(request.text, { lexicon, localities: index, currentState: stateOfLocation(current.location), pendingTopic });
        topics.push(...reading.topics);
        filters = refineFilters(current, reading);
        notUsed = reading.notUsed;
        textSetsRadius = reading.locationType !== undefined;
        const fromModel = options.llm ? await readWithModel(options.llm, request.text, current, index) : null;
        if (fromModel) {
          filters = fromModel;
          engine = 'llm';
          textSetsRadius = filters.locationType !== undefined && filters.locationType !== current.locationType;
          // The model may have read what the local parser could not: only words in none of its filters stay unused.
          const modelWords = matchKey(JSON.stringify(filters));
          notUsed = notUsed.filter((phrase) => !matchKey(phrase).split(' ').every((word) => modelWords.includes(word)));
          for (const key of Object.keys(topicOfFilter) as (keyof MatchFilters)[]) {
            if (JSON.stringify(current[key]) !== JSON.stringify(filters[key])) topics.push(topicOfFilter[key]);
          }
        }
      }

      const bounded = await boundSearchArea(filters, {
        isPersonsRadius: textSetsRadius || isPersonsRadius(current.locationType, request.autoRadius),
        ...(options.countWorkers ? { countWorkers: options.countWorkers } : {}),
        ...(options.onCountFailure ? { onCountFailure: options.onCountFailure } : {}),
      });
      filters = bounded.filters;
      const results = options.countWorkers
        ? await countResults(filters, { countWorkers: options.countWorkers, ...(options.onCountFailure ? { onCountFailure: options.onCountFailure } : {}) })
        : null;

      const answered = orderTopics([...answeredBefore, ...topics, ...topicsAnsweredBy(filters)]);
      const topic = nextTopic(answered);
      return {
        filters,
        understood: describeChanges(current, filters),
        // When no one matches, another question would only narrow an empty list: the assistant
        // says what to take away instead, and asks again once workers match (issue 31).
        nextQuestion: topic && results?.count !== 0 ? { topic, text: questionFor(topic, filters) } : null,
        engine,
        answered,
        searchArea: bounded.area,
        notUsed,
        results,
      };
    },
  };
}

/**
 * Whether the radius so far is the person's own choice: one they set (in words or in the filter
 * panel), not the one the assistant chose itself last time. No radius, or "any distance" from the
 * filter panel, is no choice: the assistant bounds it.
 */
function isPersonsRadius(locationType: MatchFilters['locationType'], autoRadius: MatchFilters['locationType']): boolean {
  return locationType !== undefined && locationType !== 'ANY' && locationType !== autoRadius;
}

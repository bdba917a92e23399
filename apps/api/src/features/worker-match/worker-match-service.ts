import type { z } from 'zod';
import type { InterpretResponse, interpretRequestSchema, MatchFilters, MatchTopic } from '@tendly/domain/api/search';
import type { LlmConfig } from '../../platform/config';
import { describeChanges } from './describe-changes';
import { askLanguageModel } from './language-model';
import { buildLocalityIndex, resolveLocation, stateOfLocation, type LocalityIndex, type LocalityName } from './locality-index';
import { isSkipReply, nextTopic, orderTopics, questionFor, topicsAnsweredBy } from './match-conversation';
import { buildLexicon, type Lexicon } from './match-lexicon';
import { readRequest } from './read-request';
import { normaliseFilters, refineFilters } from './refine-filters';

export type InterpretRequest = z.output<typeof interpretRequestSchema>;

export interface WorkerMatchOptions {
  /** The suburb names, read once per process on the first request. */
  loadLocalities: () => Promise<LocalityName[]>;
  /** The language model; null: the local parser reads every text. */
  llm: LlmConfig | null;
  fetch?: typeof globalThis.fetch;
  /** Told why the model's answer was not used (never the text or the key). */
  onModelFailure?: (reason: string) => void;
}

export interface WorkerMatch {
  interpret(request: InterpretRequest): Promise<InterpretResponse>;
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
    async interpret(request) {
      const index = await localityIndex();
      const current = normaliseFilters(request.current);
      const answeredBefore = orderTopics([...request.answered, ...topicsAnsweredBy(current)]);
      const pendingTopic = nextTopic(answeredBefore);
      let filters = current;
      let engine: InterpretResponse['engine'] = 'local';
      const topics: MatchTopic[] = [];

      if (isSkipReply(request.text)) {
        // "skip", "no preference": the question asked is answered, and nothing changes.
        if (pendingTopic) topics.push(pendingTopic);
      } else {
        const reading = readRequest(request.text, { lexicon, localities: index, currentState: stateOfLocation(current.location), pendingTopic });
        topics.push(...reading.topics);
        filters = refineFilters(current, reading);
        const fromModel = options.llm ? await readWithModel(options.llm, request.text, current, index) : null;
        if (fromModel) {
          filters = fromModel;
          engine = 'llm';
          for (const key of Object.keys(topicOfFilter) as (keyof MatchFilters)[]) {
            if (JSON.stringify(current[key]) !== JSON.stringify(filters[key])) topics.push(topicOfFilter[key]);
          }
        }
      }

      const answered = orderTopics([...answeredBefore, ...topics, ...topicsAnsweredBy(filters)]);
      const topic = nextTopic(answered);
      return {
        filters,
        understood: describeChanges(current, filters),
        nextQuestion: topic ? { topic, text: questionFor(topic, filters) } : null,
        engine,
        answered,
      };
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../platform/db/client';

/**
 * Keyword search over a worker's headline and bio (spec section 7), forgiving small typos:
 *
 * 1. The keyword is split into words ("dementa greek" → dementa, greek).
 * 2. A word found in the vocabulary of every headline and bio (`worker_search_words`) is used as
 *    it is. A word of four or more letters that is not found is replaced by its nearest words
 *    there by trigram similarity (at least 0.4, up to 3 of them: "dementa" → dementia), through
 *    the vocabulary's trigram index.
 * 3. Workers must match every word (any of its replacements) by full text search with English
 *    stemming ("cooking" finds "cook") over `worker_profiles.search_text`, the headline and bio
 *    as a stored tsvector with a GIN index.
 *
 * Comparing the keyword with each whole bio by trigram word similarity (`<%` on the trigram
 * index of migration 0002) gives the same tolerance but costs about a second at 100,000 workers,
 * because every bio sharing a few trigrams must be re-read; the vocabulary holds a few thousand
 * short words instead.
 */

/** More words than this are ignored: a search box, not a document. */
const MAX_KEYWORD_WORDS = 8;
/** Shorter words are too short to correct reliably ("car" is one letter from "care"). */
const MIN_CORRECTED_LENGTH = 4;
const MIN_SIMILARITY = 0.4;
const MAX_REPLACEMENTS = 3;

/** The words of a keyword, lower-cased: letters and digits only, so nothing can reach tsquery syntax. */
export function keywordWords(keyword: string): string[] {
  const words = keyword
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, MAX_KEYWORD_WORDS);
}

const formsRowSchema = z.object({ word: z.string(), candidates: z.array(z.string()), forms: z.array(z.string()) });

/**
 * For each word of the keyword, in order: its candidates (the word itself when the vocabulary
 * has it, or it is short, or not all letters; otherwise its nearest vocabulary words) and, of
 * those, the forms to search for: English stop words ("with", "the") are left out, since full
 * text search ignores them.
 */
async function formsOfWords(db: DbExecutor, words: readonly string[]) {
  const list = sql`array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]`;
  const result = await db.execute(sql`
    select k.word, c.candidates, array(
      select form from unnest(c.candidates) as f(form) where to_tsvector('english', form) <> ''::tsvector
    ) as forms
    from unnest(${list}) with ordinality as k(word, position)
    cross join lateral (
      select case
        when length(k.word) < ${MIN_CORRECTED_LENGTH}
          or k.word !~ '^[[:alpha:]]+$'
          or exists (select 1 from worker_search_words v where v.word = k.word)
        then array[k.word]
        else array(
          select v.word from worker_search_words v
          where v.word % k.word and similarity(v.word, k.word) >= ${MIN_SIMILARITY}
          order by similarity(v.word, k.word) desc, v.word
          limit ${MAX_REPLACEMENTS})
      end as candidates
    ) as c
    order by k.position`);
  return z.array(formsRowSchema).parse(result.rows);
}

export interface KeywordMatch {
  /** The text for `to_tsquery('english', ...)`, e.g. `(dementia) & (greek)`; null when there is nothing to match on. */
  tsquery: string | null;
  /** False when a word is like nothing any worker wrote: the search can answer [] at once. */
  canMatch: boolean;
}

/** Reads a keyword into the full-text query that finds it, correcting misspelt words. */
export async function readKeyword(db: DbExecutor, keyword: string): Promise<KeywordMatch> {
  const words = keywordWords(keyword);
  if (words.length === 0) return { tsquery: null, canMatch: true };
  const groups: string[] = [];
  for (const row of await formsOfWords(db, words)) {
    if (row.candidates.length === 0) return { tsquery: null, canMatch: false };
    // Only stop words: full text search would ignore the word anyway.
    if (row.forms.length > 0) groups.push(`(${row.forms.join(' | ')})`);
  }
  return { tsquery: groups.length > 0 ? groups.join(' & ') : null, canMatch: true };
}

/** The full-text condition over the stored headline and bio (GIN `worker_profiles_search_text_idx`). */
export function keywordCondition(tsquery: string): SQL {
  return sql`wp.search_text @@ to_tsquery('english', ${tsquery})`;
}

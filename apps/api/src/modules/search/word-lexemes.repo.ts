import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';

/**
 * docs/search.md#highlights: the lexemes the 'english' configuration makes of a word (none for a stop
 * word), as the stored vectors were built. A word means the same on every search, so the answers are
 * kept: after a few searches most words a page needs are known and marking it asks the database
 * nothing. Kept per database handle (PGlite and a PostgreSQL server may stem a rare word apart), the
 * oldest dropped first past MAX_WORDS.
 */
const MAX_WORDS = 50_000;
const known = new WeakMap<object, Map<string, readonly string[]>>();

/** The lexemes of each of these lower-cased words, looking up in one statement those not yet known. */
export async function lexemesOfWords(db: Db, words: Iterable<string>): Promise<Map<string, readonly string[]>> {
  let cache = known.get(db);
  if (!cache) {
    cache = new Map();
    known.set(db, cache);
  }
  const found = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const word of words) {
    const lexemes = cache.get(word);
    if (lexemes) found.set(word, lexemes);
    else missing.push(word);
  }
  if (missing.length === 0) return found;
  const rows = rowsOf<{ word: string; lexemes: string[] }>(
    await db.execute(sql`select w.word, to_json(tsvector_to_array(to_tsvector('english', w.word))) as lexemes
      from json_array_elements_text(${JSON.stringify(missing)}::json) as w(word)`),
  );
  for (const { word, lexemes } of rows) {
    found.set(word, lexemes);
    cache.set(word, lexemes);
  }
  for (const word of cache.keys()) {
    if (cache.size <= MAX_WORDS) break;
    cache.delete(word);
  }
  return found;
}

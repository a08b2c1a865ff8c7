import { paperRefKey, type TPaperRef, type TRecommendation } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { pickSimilar, presentRecommendation } from './recommendation.presenter';
import { type KeptPaper, selectPaperRows, selectSurfaceWords } from './recommendations.repo';
import { cosine, sharedLexemes, type TermVector } from './term-vectors';

export interface Ranked {
  ref: TPaperRef;
  vector: TermVector;
  score: number;
}

interface Profile {
  kept: readonly KeptPaper[];
  keptVectors: ReadonlyMap<string, TermVector>;
  profile: TermVector;
}

/**
 * Lexeme → the word of the given papers that stems to it most often (shortest on a tie), so shared
 * terms read as words ('transformer'), not stems ('transform').
 */
async function surfaceWords(db: Db, refs: readonly TPaperRef[]): Promise<Map<string, string>> {
  const best = new Map<string, { word: string; uses: number }>();
  for (const { word, lexeme, uses } of await selectSurfaceWords(db, refs)) {
    if (!lexeme) continue;
    const current = best.get(lexeme);
    const better = !current || uses > current.uses || (uses === current.uses && word.length < current.word.length);
    if (better) best.set(lexeme, { word, uses });
  }
  return new Map([...best].map(([lexeme, { word }]) => [lexeme, word]));
}

/**
 * Names, for each ranked paper, the kept papers it is closest to and the words that make it close
 * (weighted by what they add to its cosine with the profile), in the ranked order.
 */
export async function explainRecommendations(
  db: Db,
  ranked: readonly Ranked[],
  { kept, keptVectors, profile }: Profile,
): Promise<TRecommendation[]> {
  const refs = ranked.map((r) => r.ref);
  const [rows, words] = await Promise.all([selectPaperRows(db, refs), surfaceWords(db, refs)]);
  const rowsByKey = new Map(
    rows.map((row) => [paperRefKey({ platform: row.platform as string, paper_id: row.paperId as string }), row]),
  );
  return ranked.flatMap(({ ref, vector, score }) => {
    const row = rowsByKey.get(paperRefKey(ref));
    if (!row) return [];
    const closeness = kept
      // A kept paper shown again (exclude_existing=false) is not "close to" itself.
      .filter((paper) => paperRefKey(paper) !== paperRefKey(ref))
      .map((paper) => ({ paper, similarity: cosine(vector, keptVectors.get(paperRefKey(paper)) ?? new Map()) }));
    const { similar, closeCount } = pickSimilar(closeness);
    const sharedTerms = sharedLexemes(vector, profile).flatMap((lexeme) => {
      const word = words.get(lexeme);
      return word ? [word] : [];
    });
    return [presentRecommendation({ row, score, similar, closeCount, sharedTerms })];
  });
}

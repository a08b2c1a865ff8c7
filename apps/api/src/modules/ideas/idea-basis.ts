import { paperRefKey, type TGenerateIdeasRequest, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { requireAccess } from '../../policies/access';
import { selectedReadablePapers } from '../files/user-files.service';
import { selectPassagesOf } from '../passages/passages.repo';
import { loadProfiles } from '../recommendations/paper-vectors';
import { selectPaperRows } from '../recommendations/recommendations.repo';
import type { TermStats } from '../recommendations/term-stats';
import type { BasisPaper } from './idea-drafts';

/** Papers an idea may build on (the selection's first ones, or the topic's nearest). */
export const MAX_BASIS = 8;
/** Basis papers taken from the corpus when only a topic is given. */
export const TOPIC_BASIS = 5;
/** Characters of a basis paper the model reads. */
export const BASIS_TEXT_CHARS = 1_500;

/** The selection the request names, else (use_selected) the File List's selected papers; every one readable. */
export async function selectedRefs(db: Db, userId: number, request: TGenerateIdeasRequest): Promise<TPaperRef[]> {
  const named = request.selected_files ?? (request.use_selected ? await selectedReadablePapers(db, userId) : []);
  const refs = [...new Map(named.map((ref) => [paperRefKey(ref), ref])).values()];
  if (refs.length > 0) await requireAccess(db, { userId }, 'paper.read', refs);
  return refs.slice(0, MAX_BASIS);
}

/** Title and abstract (or, for a paper without an abstract, its first passage), cut for the prompt. */
export async function basisPapers(db: Db, stats: TermStats, refs: readonly TPaperRef[]): Promise<BasisPaper[]> {
  const rows = new Map(
    (await selectPaperRows(db, refs)).map((row) => [
      paperRefKey({ platform: row.platform ?? '', paper_id: row.paperId ?? '' }),
      row,
    ]),
  );
  const profiles = await loadProfiles(db, refs, stats);
  const papers: BasisPaper[] = [];
  for (const ref of refs) {
    const row = rows.get(paperRefKey(ref));
    if (!row) continue;
    let text = row.abstract?.trim() ?? '';
    if (!text) text = (await selectPassagesOf(db, [ref], 1))[0]?.text.trim() ?? '';
    papers.push({
      n: papers.length + 1,
      platform: ref.platform,
      paper_id: ref.paper_id,
      title: row.title ?? ref.paper_id,
      text: text.slice(0, BASIS_TEXT_CHARS),
      vector: profiles.get(paperRefKey(ref))?.vector ?? new Map(),
    });
  }
  return papers;
}

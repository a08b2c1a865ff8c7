import type { FastifyBaseLogger } from 'fastify';
import type { AiModel } from '../../../ai/model';
import type { GraphGroup } from './graph-groups';
import { applyNaming, type OutlineSection, outlineNamingSchema } from './outline';

export interface NamingInput {
  groups: readonly GraphGroup[];
  /** The offline outline: the fallback, and the suggestion shown to the model. */
  outline: readonly OutlineSection[];
  titleOf: (paperKey: string) => string;
  instructions: string | null;
  abortSignal: AbortSignal;
  log: FastifyBaseLogger;
}

function namingPrompt({ groups, outline, titleOf, instructions }: NamingInput): string {
  const suggested = new Map(outline.map((section) => [section.id, section.title]));
  const lines = groups.flatMap((group) => [
    `Group ${group.id} (suggested title: ${suggested.get(group.id)})${group.isolated ? ', papers the author did not link to others' : ''}:`,
    ...group.papers.map((key) => `  - "${titleOf(key)}"`),
    ...group.edges.map(
      (edge) => `  relation: "${titleOf(edge.source)}" ${edge.label || 'is related to'} "${titleOf(edge.target)}"`,
    ),
  ]);
  return [
    'These are groups of papers for the related-work section of a research paper; the author linked the papers of a group by the relations listed.',
    'Give each group a short section title (3-8 words) naming what its papers have in common, and order the groups as the section should read them.',
    'Name every group exactly once, by its id; do not add, merge or drop groups.',
    ...(instructions ? [`The author's instructions: ${instructions}`] : []),
    '',
    ...lines,
    '',
    'Reply with JSON: {"sections": [{"group": "<id>", "title": "<title>"}, …]} in reading order.',
  ].join('\n');
}

/**
 * The outline with a model (docs/review.md#writing): the groups come from the graph; the model only
 * names and orders them (generateObject with the permutation schema and its one repair turn). A reply
 * that is still invalid, or a failing call, keeps the offline outline: the titles are a nicety, the
 * sections are written either way. An abort is passed on.
 */
export async function nameOutline(ai: AiModel, input: NamingInput): Promise<OutlineSection[]> {
  if (ai.mode !== 'model' || input.groups.length === 0) return [...input.outline];
  try {
    const naming = await ai.generateObject({
      schema: outlineNamingSchema(input.groups.map((group) => group.id)),
      name: 'review_outline',
      prompt: namingPrompt(input),
      abortSignal: input.abortSignal,
    });
    return applyNaming(input.outline, naming);
  } catch (error) {
    if (input.abortSignal.aborted) throw error;
    input.log.warn({ err: error }, 'review writing: naming the outline failed; keeping the offline titles and order');
    return [...input.outline];
  }
}

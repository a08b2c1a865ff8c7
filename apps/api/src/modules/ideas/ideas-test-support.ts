import type { Db } from '../../db/client';
import { buildFolder, buildFolderFile, buildPaper, buildUser } from '../../test-support/factories';

/**
 * A small corpus with Swanson chains (docs/ideas.md#offline-literature-based-discovery): the basis
 * papers work on attention for protein folding; memory links them to papers on sleep that never
 * mention attention, and protein kinetics to spectroscopy papers.
 */
export const IDEAS_CORPUS = {
  attention: {
    paperId: '2101.00001',
    title: 'Attention models for protein folding',
    abstract: 'Attention layers model residue contacts in protein folding. The model predicts 3 folding pathways.',
  },
  attentionMemory: {
    paperId: '2101.00002',
    title: 'Protein folding with attention and memory',
    abstract: 'Attention with external memory predicts protein folding pathways.',
  },
  memoryNetworks: {
    paperId: '2101.00003',
    title: 'Memory networks for question answering',
    abstract: 'External memory networks answer questions with attention.',
  },
  sleep: {
    paperId: '2101.00004',
    title: 'Memory consolidation during sleep',
    abstract: 'Sleep consolidates episodic memory in the hippocampus.',
  },
  replay: {
    paperId: '2101.00005',
    title: 'Hippocampus replay and sleep',
    abstract: 'Hippocampus replay during sleep supports episodic memory consolidation.',
  },
  deprivation: {
    paperId: '2101.00006',
    title: 'Sleep deprivation and memory',
    abstract: 'Sleep deprivation impairs memory consolidation in rodents.',
  },
  kinetics: {
    paperId: '2101.00007',
    title: 'Protein folding kinetics',
    abstract: 'Folding kinetics of small proteins measured by spectroscopy.',
  },
  spectroscopy: {
    paperId: '2101.00008',
    title: 'Spectroscopy of protein kinetics',
    abstract: 'Spectroscopy measures protein kinetics in solution.',
  },
  parsing: {
    paperId: '2101.00009',
    title: 'Parsing sentences with transformers',
    abstract: 'Transformers parse sentences into trees.',
  },
  trees: {
    paperId: '2101.00010',
    title: 'Sentence trees and transformers',
    abstract: 'Constituency trees of sentences from transformers.',
  },
} as const;

export async function buildIdeasCorpus(db: Db) {
  for (const paper of Object.values(IDEAS_CORPUS)) {
    await buildPaper(db, { ...paper, categories: ['q-bio.BM'] });
  }
}

/** A user whose File List selects the two attention-for-folding papers. */
export async function buildIdeasUser(db: Db) {
  const user = await buildUser(db);
  const folder = await buildFolder(db, { ownerId: user.id });
  for (const paper of [IDEAS_CORPUS.attention, IDEAS_CORPUS.attentionMemory]) {
    await buildFolderFile(db, { folderId: folder.id, paper: { paperId: paper.paperId }, selected: true });
  }
  await buildFolderFile(db, { folderId: folder.id, paper: { paperId: IDEAS_CORPUS.parsing.paperId }, selected: false });
  return user;
}

/** The basis passages as the model reads them (`title. abstract`), by basis number. */
export const passageOf = (paper: { title: string; abstract: string }) => `${paper.title}. ${paper.abstract}`;

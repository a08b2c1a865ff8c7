import type { Db } from '../../db/client';
import { buildPaper } from '../../test-support/factories';

/**
 * A small corpus for conversational search and analysis: four protein language model papers (one a
 * review, one not about enzymes), and two off the topic.
 */
export const CORPUS = {
  design: {
    paperId: '2103.00001',
    title: 'Protein language models for enzyme design',
    abstract:
      'We fine-tune protein language models to design enzymes with higher catalytic activity. The designed enzymes were validated in the laboratory with 12 active variants.',
    categories: ['q-bio.BM', 'cs.LG'],
    publishedDate: '2021-03-01',
  },
  evolution: {
    paperId: '1907.00002',
    title: 'Directed evolution guided by language models',
    abstract:
      'Protein language models propose enzyme variants for directed evolution. Active learning selects which variants to test next.',
    categories: ['cs.LG'],
    publishedDate: '2019-07-01',
  },
  review: {
    paperId: '2201.00003',
    title: 'A review of protein language models',
    abstract: 'This review surveys protein language models and their applications to enzyme design.',
    categories: ['q-bio.BM'],
    publishedDate: '2022-01-01',
  },
  structure: {
    paperId: '1705.00004',
    title: 'Structure prediction with protein language models',
    abstract: 'Language models of protein sequences predict the folded structure of proteins from sequence alone.',
    categories: ['q-bio.BM'],
    publishedDate: '2017-05-05',
  },
  graphs: {
    paperId: '2002.00005',
    title: 'Graph neural networks for molecules',
    abstract: 'Graph neural networks predict molecular properties from atoms and bonds.',
    categories: ['cs.LG'],
    publishedDate: '2020-02-02',
  },
  parsing: {
    paperId: '1801.00006',
    title: 'Parsing with transformers',
    abstract: 'Transformers parse sentences into constituency trees with high accuracy.',
    categories: ['cs.CL'],
    publishedDate: '2018-01-06',
  },
} as const;

export async function buildCorpus(db: Db) {
  for (const paper of Object.values(CORPUS)) {
    await buildPaper(db, { ...paper, categories: [...paper.categories] });
  }
}

/** A conversation of one request. */
export const ask = (text: string) => [{ role: 'user' as const, text }];

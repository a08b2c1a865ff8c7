import type { TSearchHit } from '@paperbench/contract';

/** A search result as POST /api/search/ and conversational search answer it: an arXiv paper of 2019, no highlights. */
export const searchHit = (paper_id: string, title: string, abstract: string): TSearchHit => ({
  paper_id,
  platform: 'arxiv',
  title,
  authors: ['Ada Lovelace'],
  published_date: '2019-03-14',
  abstract,
  categories: ['cs.LG'],
  pdf_url: null,
  score: 0.5,
  highlights: { title: [], abstract: [] },
});

/** The first result of the search-summary and conversational-search tests; its abstract is what [1] quotes. */
export const attentionOverGraphs = searchHit(
  '1903.00001',
  'Attention over graphs',
  'Graph attention networks weigh neighbours by learned attention.',
);

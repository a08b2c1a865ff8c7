import type { TPaper } from '@paperbench/contract';

/** Three abstracts as search results: two about SPECTER, one off the topic. */
export const SPECTER_ABSTRACT =
  'SPECTER learns document embeddings of scientific papers by pretraining a Transformer on the citation graph. The embeddings need no task-specific fine-tuning.';
export const SCIDOCS_ABSTRACT =
  'SciDocs is a benchmark of seven document-level tasks for scientific paper embeddings. Citation-informed embeddings outperform general language models on it by 4 points.';
export const GHANA_ABSTRACT =
  'The survey covered 3,200 patients in Ghana. Waiting time at outpatient clinics was the main complaint about health services.';

export const resultPaper = (paper_id: string, title: string, abstract: string | null): TPaper => ({
  paper_id,
  platform: 'arxiv',
  title,
  authors: ['Ada Lovelace'],
  published_date: '2020-01-01',
  abstract,
  categories: ['cs.CL'],
  pdf_url: null,
});

export const SEARCH_RESULTS: TPaper[] = [
  resultPaper('2004.07180', 'SPECTER: document-level representation learning', SPECTER_ABSTRACT),
  resultPaper('2004.07181', 'SciDocs evaluation', SCIDOCS_ABSTRACT),
  resultPaper('2101.00001', 'Health services in Ghana', GHANA_ABSTRACT),
];

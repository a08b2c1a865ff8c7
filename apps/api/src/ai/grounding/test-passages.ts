/** A small selection of passages from three papers, shared by the grounding tests. */
export const TEST_PASSAGES = [
  {
    paperKey: 'specter',
    text: 'SPECTER learns document embeddings of scientific papers by pretraining a Transformer on the citation graph. Papers that cite each other are pulled close in the embedding space.',
  },
  {
    paperKey: 'specter',
    text: 'We evaluate on SciDocs, a benchmark of seven document-level tasks. SPECTER reaches an average score of 80.0 on SciDocs, 3.1 points above the best baseline.',
  },
  {
    paperKey: 'specter',
    text: 'The citation-informed triplet loss uses hard negatives: papers cited by a paper cited by the query, but not by the query itself.',
  },
  {
    paperKey: 'specter',
    text: 'SciDocs also includes a recommendation task built from clickthrough logs of a scientific search engine.',
  },
  {
    paperKey: 'ghana',
    text: 'The survey covered 3,200 patients in Ghana. Waiting time at outpatient clinics was the main complaint about health services.',
  },
  {
    paperKey: 'ghana',
    text: 'Health insurance enrolment rose among rural households after premiums were reduced.',
  },
  {
    paperKey: 'graph',
    text: 'The literature graph links papers, authors, entities and venues. Entity linking maps mentions in the text to a knowledge base.',
  },
];

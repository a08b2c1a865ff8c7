import { tokenize } from './normalize';

/**
 * Common academic paraphrases (docs/ai.md#offline-mode): words a question and a paper use for the same
 * thing. General, not drawn from any one paper; each group is symmetric. Written from general usage
 * and the tuning questions' misses (bench/qa/questions.json), never from the held-out split. Expansion weights them below
 * the question's own words (query-expansion.ts).
 */
const GROUPS = [
  'use uses used employ employs adopt adopts utilize utilise apply applies leverage rely',
  'improve improves improvement better outperform outperforms boost gain gains increase increases enhance',
  'reduce reduces decrease decreases lower drop hurt hurts worse degrade',
  'dataset datasets corpus corpora benchmark collection data',
  'method methods approach approaches technique techniques model models system framework',
  'result results finding findings outcome outcomes',
  'show shows demonstrate demonstrates indicate indicates reveal reveals suggest suggests',
  'fund funded funding support supported grant grants finance paid pay pays sponsor',
  'evaluate evaluation assess assessment measure measured test tested',
  'train trained training learn learned pretrain fit',
  'propose proposes introduce introduces present presents',
  'weakness weaknesses limitation limitations drawback drawbacks shortcoming shortcomings',
  'error errors mistake mistakes fault wrong',
  'author authors writer writers researcher researchers',
  'paper papers article articles document documents publication publications manuscript',
  'cite cites cited citation citations reference references referenced',
  'patient patients participant participants respondent respondents people person subject subjects interviewee interviewees',
  'doctor doctors physician physicians clinician clinicians gp gps',
  'drug drugs medication medications medicine medicines tablet tablets pill pills prescription',
  'hospital hospitals clinic clinics centre center facility facilities',
  'illness disease diseases condition conditions disorder',
  'exercise exercising workout physical activity fitness',
  'software tool tools program programs package library libraries pipeline implementation implement',
  'study studies research work investigation',
  'interview interviews discussion discussions questionnaire survey',
  'combine combined pool pooled merge merged ensemble join',
  'concept concepts entity entities term terms',
  'represent representation representations embedding embeddings vector vectors encode encoding',
  'title titles name names heading',
  'fast faster speed quick quicker time efficiency',
  'small smaller little few',
  'feel feeling felt safe security secure confidence reassurance',
  'plan plans future later',
  'number count amount',
  'visualize visualization visualise plot projection',
  'staff personnel worker workers employee employees',
  'satisfied satisfaction pleased happy content',
  'accuracy precision performance score',
  'category categories class classes type types',
  'stop stopped quit end ended lapse',
] as const;

const RELATED = new Map<string, Set<string>>();
for (const group of GROUPS) {
  const stems = [...new Set(tokenize(group))];
  for (const term of stems) {
    const related = RELATED.get(term) ?? new Set<string>();
    for (const other of stems) if (other !== term) related.add(other);
    RELATED.set(term, related);
  }
}

/** The stems the paraphrase list relates to a stem (not the stem itself). */
export function paraphrasesOf(term: string): ReadonlySet<string> {
  return RELATED.get(term) ?? new Set();
}

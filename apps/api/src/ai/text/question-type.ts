import { tokenize } from './normalize';

/**
 * What kind of answer a question asks for (docs/ai.md#offline-mode): a number or quantity ("how many",
 * "what value", "how much"), a name ("who", "which"), a definition ("what is X"), a reason ("why"), or
 * anything else. Extractive answers prefer sentences of the asked-for kind.
 */
export type TQuestionType = 'quantity' | 'name' | 'definition' | 'reason' | 'other';

const QUANTITY =
  /\bhow (?:many|much|long|large|big|often|fast|old|far|high|low|small)\b|\bwhat (?:value|values|percentage|percent|proportion|share|fraction|number|rate|size|amount|score|f1|accuracy|precision|recall|ndcg|map|ratio)\b|\b(?:what|which) (?:is|was|were|are) the (?:value|percentage|proportion|share|number|rate|size|amount|score)\b/i;
const NAME =
  /^\s*(?:who|whom|whose|which)\b|\b(?:which|what) (?:\w+ )?(?:library|libraries|tool|toolkit|software|program|programs|programme|package|model|models|method|methods|algorithm|dataset|datasets|corpus|database|benchmark|language|languages|optimizer|committee|organisation|organization|platform|knowledge bases?|kbs?|gpu|distance function|category|programs?)\b/i;
const DEFINITION =
  /^\s*what (?:is|are|was|were) (?:an? |the )?[^?]{1,60}\??\s*$|\bwhat does [^?]+ mean\b|^\s*define\b/i;
const REASON = /^\s*why\b|\bfor what reason\b|\bwhat (?:made|makes|caused|causes)\b/i;

export function questionType(question: string): TQuestionType {
  if (QUANTITY.test(question)) return 'quantity';
  if (REASON.test(question)) return 'reason';
  if (NAME.test(question)) return 'name';
  if (DEFINITION.test(question)) return 'definition';
  return 'other';
}

/**
 * The thing a quantity question counts or measures, as a stem: the head noun (last content word) of the
 * phrase after "how many" / "what percentage of" ("How many hard and easy negatives per query paper?" →
 * negat). An answer must name it beside its number, or it answers another count ("12M author nodes" for
 * "how many citation edges").
 */
const QUANTITY_FOCUS =
  /\b(?:how (?:many|much)|what (?:value|values|percentage|percent|proportion|share|fraction|number|rate|size|amount|score|ratio))\s+(?:of\s+)?(?:the\s+|all\s+)?([^?;]+)/i;
/** Words that end the counted noun phrase: auxiliaries, prepositions and verbs in -ed. */
const PHRASE_END =
  /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|may|might|must|get|got|came|come|took|take|show|use|remain|reach|ran|run|in|of|for|from|per|at|on|with|by|to|under|over|about|into|between|among|across|during|within|\w{3,}ed)$/i;
const PHRASE_WORDS = 5;

export function quantityFocus(question: string): string[] {
  const match = QUANTITY_FOCUS.exec(question);
  if (!match?.[1]) return [];
  const words: string[] = [];
  for (const word of match[1].trim().split(/\s+/)) {
    if (PHRASE_END.test(word)) {
      if (words.length > 0) break;
      continue;
    }
    words.push(word);
    if (words.length >= PHRASE_WORDS) break;
  }
  const head = tokenize(words.join(' ')).at(-1);
  return head ? [head] : [];
}

const NUMBER_WORDS =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|hundreds|thousand|thousands|million|millions|billion|half|twice|double|threefold|twofold|dozen|percent)\b/i;
/** A number standing alone (not the "2" of "p2" or "F1"): "146K", "23.3%", "7,918", "m = 1", "2e-5". */
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}_])\d[\d,.]*(?:e-?\d+)?(?:%|[KMBG]\b)?(?![\p{L}\d])/u;
/** The year of a citation, "(Devlin et al., 2019)" or "Peters et al. (2017)", which is no quantity. */
const CITATION_YEAR = /\([^()]*\b(?:19|20)\d{2}[a-z]?\)|\bet al\.,? \(?(?:19|20)\d{2}[a-z]?\)?/g;

/** True when a sentence states a number or a quantity in words (a citation's year does not count). */
export function hasQuantity(sentence: string): boolean {
  const text = sentence.replace(CITATION_YEAR, ' ');
  return STANDALONE_NUMBER.test(text) || NUMBER_WORDS.test(text);
}

/** A proper name or acronym inside the sentence (not its first word): "SciBERT", "AllenNLP", "Kamuzu". */
const NAME_INSIDE = /[^.!?]\s+(?:\p{Lu}[\p{Ll}\p{N}]*\p{Lu}|\p{Lu}{2,}|\p{Lu}\p{Ll}+)/u;
const DEFINITION_CUE =
  /\b(?:is|are)\s+(?:an?|the)\b|\brefers? to\b|\bdefined as\b|\bdenotes?\b|\bwe (?:call|denote|define)\b|\bi\.e\.|\bcalled\b/i;
const REASON_CUE =
  /\bbecause\b|\bsince\b|\bdue to\b|\bas a result\b|\breasons?\b|\bso that\b|\bin order to\b|\bexplanation\b|\battributed\b|\bcaused?\b|\bthus\b|\btherefore\b|\bbut\b|\bhowever\b|\bwhich means\b|\bmight\b|\bmay\b/i;

/** True when a sentence has the form of the answer a question of that type asks for. */
export function fitsType(type: TQuestionType, sentence: string): boolean {
  switch (type) {
    case 'quantity':
      return hasQuantity(sentence);
    case 'name':
      return NAME_INSIDE.test(sentence);
    case 'definition':
      return DEFINITION_CUE.test(sentence);
    case 'reason':
      return REASON_CUE.test(sentence);
    default:
      return false;
  }
}

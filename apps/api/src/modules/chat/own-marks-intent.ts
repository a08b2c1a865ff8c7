/**
 * docs/ai.md#my-highlights: whether a question asks about the reader's own marks ("my highlights", "my
 * notes", "my annotations", "what I highlighted / marked"), decided by words, never by a model, so the
 * same question always reads the same way. "The highlights of the paper" is about the paper.
 */
const MY_MARKS =
  /\bmy\s+(?:own\s+)?(?:highlights?|highlighted\s+\w+|notes?|annotations?|marks|marked\s+\w+|underlines?)\b/i;
const I_MARKED = /\bI(?:'ve|\s+have|\s+had)?\s+(?:highlighted|marked|underlined|annotated)\b/i;
const DID_I_MARK = /\b(?:did|have)\s+I\s+(?:highlight|mark|underline|annotate)(?:ed)?\b/i;

export const asksAboutOwnMarks = (question: string): boolean =>
  MY_MARKS.test(question) || I_MARKED.test(question) || DID_I_MARK.test(question);

/**
 * English function words (the usual IR list), which carry no evidence: a sentence and a passage
 * sharing "the" and "which" share nothing. Kept in their normalised (lowercase, unstemmed) form.
 * With them, the boilerplate of citing and of method sentences in papers ("Smith et al.", "cf.",
 * "using"), which every paper shares and which would otherwise pass for shared subject matter
 * (docs/review.md#graph: a proposal's shared terms).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can cannot could did do does doing down during each either else etc
  few for from further had has have having he her here hers herself him himself his how however i if in
  into is it its itself just many may me might much more most must my myself neither no nor not now of off on
  once only or other others our ours ourselves out over own per same shall she should since so some such
  than that the their theirs them themselves then there these they this those thus through to too under
  until up upon us very via was we were what when where whether which while who whom whose why will with
  within without would yet you your yours yourself yourselves
  et al ibid cf viz using`.split(/\s+/),
);

/**
 * Papers added by this process (an import, a harvested page, a fetched paper), counted after their
 * transaction commits. The cached paper count (modules/papers/paper-count.ts) compares it with the
 * value it counted at, so a write here is shown on the next refresh instead of after the usual age
 * (docs/ingest.md#freshness). Writes by other processes are picked up by age alone.
 */
let generation = 0;

export function noteCorpusWrite(): void {
  generation += 1;
}

export function corpusWriteGeneration(): number {
  return generation;
}

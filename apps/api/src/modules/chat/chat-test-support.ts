import { STREAM_DONE, type TStreamEvent, ZStreamEvent } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { buildFolder, buildFolderFile, buildPaper, buildPassages, buildUser } from '../../test-support/factories';

/** The events of an SSE body, each validated by the contract; the final `[DONE]` kept as is. */
export function parseEventStream(body: string): (TStreamEvent | typeof STREAM_DONE)[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      if (!frame.startsWith('data: ')) throw new Error(`not an SSE data frame: ${frame}`);
      const data = frame.slice('data: '.length);
      return data === STREAM_DONE ? STREAM_DONE : ZStreamEvent.parse(JSON.parse(data));
    });
}

export const deltasOf = (events: readonly (TStreamEvent | string)[]) =>
  events.flatMap((event) => (typeof event !== 'string' && event.type === 'delta' ? [event.content] : [])).join('');

/** Passages of two papers; a question about SPECTER and the citation graph finds SPECTER_GRAPH first. */
export const SPECTER_GRAPH =
  'SPECTER learns document embeddings of scientific papers by pretraining a Transformer on the citation graph. Papers that cite each other are pulled close in the embedding space.';
export const SPECTER_LOSS =
  'The citation-informed triplet loss uses hard negatives: papers cited by a paper cited by the query, but not by the query itself.';
export const GHANA_SURVEY =
  'The survey covered 3,200 patients in Ghana. Waiting time at outpatient clinics was the main complaint about health services. Patients waited 4 hours on average before seeing a doctor.';

/** A user whose File List holds two papers with passages, both selected as chat context. */
export async function buildChatFixture(db: Db) {
  const user = await buildUser(db);
  const folder = await buildFolder(db, { ownerId: user.id });
  const specter = await buildPaper(db, { title: 'SPECTER' });
  const ghana = await buildPaper(db, { title: 'Health services in Ghana' });
  await buildPassages(db, specter, [
    { text: SPECTER_GRAPH, page: 3 },
    { text: SPECTER_LOSS, page: 4 },
  ]);
  await buildPassages(db, ghana, [{ text: GHANA_SURVEY, page: 2 }]);
  for (const paper of [specter, ghana]) await buildFolderFile(db, { folderId: folder.id, paper, selected: true });
  return { user, folder, specter, ghana };
}

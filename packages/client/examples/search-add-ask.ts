/**
 * docs/client.md: search, keep the best hit in a folder, ask a question about it and print the cited
 * passages. Run against any Paperbench server with a token that has the read, write and ai scopes:
 *
 *     PAPERBENCH_URL=http://localhost:3000 PAPERBENCH_TOKEN=pbt_… pnpm --filter @paperbench/client example "attention"
 */
import { contract, createPaperbenchClient, type TStreamEvent } from '@paperbench/client';

const token = process.env.PAPERBENCH_TOKEN;
if (!token) throw new Error('Set PAPERBENCH_TOKEN to a personal access token (profile page → API tokens).');
const pb = createPaperbenchClient({ baseUrl: process.env.PAPERBENCH_URL ?? 'http://localhost:3000', token });

const query = process.argv[2] ?? 'attention';
const found = await pb.api.search.search({ body: { query, limit: 3 } });
if (found.status !== 200) throw new Error(`search refused: ${JSON.stringify(found.body)}`);
for (const hit of found.body.results) console.log(`found: ${hit.paper_id} ${hit.title}`);
const best = found.body.results[0];
if (!best) throw new Error(`nothing matches "${query}"`);
const paper = { paper_id: best.paper_id, platform: best.platform };

const folder = await pb.api.folders.create({ body: { name: 'From the typed client' } });
if (folder.status !== 201) throw new Error(`folder refused: ${JSON.stringify(folder.body)}`);
const added = await pb.api.folders.addFile({ params: { id: folder.body.id }, body: paper });
if (added.status !== 200 && added.status !== 201) throw new Error(`add refused: ${JSON.stringify(added.body)}`);
console.log(`added ${paper.paper_id} to folder ${folder.body.id}`);

// Adding a paper starts reading its full text (docs/ai.md#full-text-and-passages); answers cite its
// passages, so wait until it is read: `ready`, or `abstract-only` when the PDF could not be fetched.
// `none` for a few seconds means the server does not fetch full text (FULL_TEXT_FETCH=false).
for (let second = 0; second < 60; second++) {
  const files = await pb.api.files.listFiles();
  const status =
    files.status === 200 ? files.body.find((file) => file.paper_id === paper.paper_id)?.embedding_status : null;
  if (status !== 'pending' && (status !== 'none' || second >= 5)) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

// The answer streams; the passages come before the text, the checker's verdict with 'done'.
const question = process.argv[3] ?? `What is ${query} about?`;
const events: TStreamEvent[] = [];
for await (const event of pb.stream(contract.chat.streamChat, { message: question, selected_files: [paper] })) {
  events.push(event);
}
const answer = events.flatMap((event) => (event.type === 'delta' ? [event.content] : [])).join('');
const passages = events.flatMap((event) => (event.type === 'passages' ? event.passages : []));
const done = events.find((event) => event.type === 'done');
if (!done) throw new Error(`the answer failed: ${JSON.stringify(events.at(-1))}`);
console.log(`answer (${done.source}${done.abstained ? ', abstained' : ''}): ${answer}`);
for (const n of done.citations.supported) {
  const passage = passages.find((candidate) => candidate.n === n);
  if (passage) console.log(`[${n}] ${passage.paper_id} p. ${passage.page}: ${passage.text.slice(0, 160)}`);
}

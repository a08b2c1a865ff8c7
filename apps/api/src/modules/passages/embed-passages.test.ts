import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passages } from '../../db/schema';
import { buildUser } from '../../test-support/factories';
import { FAKE_EMBEDDING_DIMENSIONS, type FakeLlmServer, startFakeLlmServer } from '../../test-support/fake-llm-server';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';

/** docs/ai.md#embeddings: with an embedding model configured, every passage gets its vector, in batches. */
describe.each(testDrivers())('passage embeddings (%s)', (driver) => {
  let t: TestApp;
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    t = await createTestApp(driver, { seed: false, llm: { baseUrl: llm.baseUrl, embeddingModel: 'fake-embed' } });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("an upload's passages are embedded by the configured model once its text is read", async () => {
    const user = await buildUser(t.db);
    const response = await postUpload(t.app, user.token, [
      { name: 'title', value: 'Embedded' },
      pdfPart(await readPdfFixture(NAACL_PDF)),
    ]);
    expect(response.statusCode).toBe(201);
    const { paper_id } = response.json();
    await t.context.queue.drain();

    const rows = await t.db
      .select()
      .from(passages)
      .where(eq(passages.paperId, paper_id))
      .orderBy(asc(passages.ordinal));
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) {
      expect(row.embeddingModel).toBe('fake-embed');
      expect(row.embedding).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    }
    const embeddingCalls = llm.requests.filter((request) => request.path.endsWith('/embeddings'));
    // Batched: far fewer requests than passages, and every passage's text was sent exactly once.
    expect(embeddingCalls.length).toBeLessThan(rows.length);
    const sent = embeddingCalls.flatMap((request) => (request.body as { input: string[] }).input);
    expect(sent.sort()).toEqual(rows.map((row) => row.text).sort());
  }, 60_000);
});

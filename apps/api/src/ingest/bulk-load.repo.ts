import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Db } from '../db/client';
import type { RawSession } from '../db/raw-session';
import { papers } from '../db/schema';

/** Whether the corpus holds any paper yet (a first start fills an empty one). */
export async function hasAnyPaper(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ exists: sql<boolean>`exists (select 1 from ${papers})` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.exists);
}

/** The number of papers, counted up to `limit` only: a big corpus is not scanned to its end. */
export async function countPapersUpTo(session: RawSession, limit: number): Promise<number> {
  const [row] = await session.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM (SELECT 1 FROM papers LIMIT $1) AS head',
    [Math.max(0, Math.ceil(limit))],
  );
  return row?.count ?? 0;
}

/**
 * Secondary indexes of papers (everything but the primary key, which ON CONFLICT needs). Building a
 * GIN index once over all rows is several times cheaper than updating it row by row, so a load into
 * an empty table drops them and recreates each from its own definition before the commit.
 */
export async function withPaperIndexesDeferred<T>(
  session: RawSession,
  load: () => Promise<T>,
  beforeIndexing?: () => void,
): Promise<T> {
  const [state] = await session.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM papers) AS empty');
  if (!state?.empty) return load();
  const indexes = await session.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'papers'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'papers'::regclass)`,
  );
  for (const index of indexes) await session.query(`DROP INDEX "${index.name}"`);
  const result = await load();
  beforeIndexing?.();
  for (const index of indexes) await session.query(index.definition);
  return result;
}

/**
 * After a bulk load: VACUUM flushes the GIN indexes' pending lists (which a bulk load fills) and
 * refreshes statistics; without it every search scans those lists and the planner shuns the index.
 * PGlite has no autovacuum.
 */
export async function vacuumPapers(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) papers`);
}

// ---------------------------------------------------------------------------------------------
// Rebuild (docs/ingest.md#importing-a-metadata-dump): a large import into a small corpus fills a
// second papers table in the schema below, over several connections, builds its indexes, and
// swaps it in with one short transaction. Readers keep reading the old table until that commit.
// ---------------------------------------------------------------------------------------------

/** Holds the table being filled: named `papers` like the live one, so the one upsert path writes it. */
const LOAD_SCHEMA = 'paperbench_load';
/** pg_advisory_xact_lock key: one rebuild at a time per database. */
const REBUILD_LOCK = ADVISORY_LOCKS.bulkLoadRebuild;
/** The swap waits this long for a lock before it lets go of everything and tries again. */
const SWAP_LOCK_TIMEOUT = '5s';
const SWAP_ATTEMPTS = 12;
/** Per index build; two run at once (docs/ingest.md: 2 cores, 24 GB). */
const INDEX_BUILD_MEMORY = '512MB';

/**
 * Why papers cannot be recreated faithfully by a rebuild (the import then writes in place), or null.
 * The copy recreates columns (defaults, generated expressions, storage, comments), check constraints,
 * the primary key, indexes, table privileges and the foreign keys other tables point at it; anything
 * else that hangs on the table (a view, a trigger, a policy, a publication, a column privilege, a
 * function over its row type, another owner) would be lost or left pointing at the dropped table.
 */
export async function rebuildBlocker(session: RawSession): Promise<string | null> {
  const [row] = await session.query<{ blocker: string | null }>(
    `WITH t AS (SELECT oid, reltype, relkind, relrowsecurity, relowner FROM pg_class WHERE oid = 'papers'::regclass)
     SELECT CASE
       WHEN t.relkind <> 'r' THEN 'papers is not a plain table'
       WHEN t.relowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user) THEN 'papers belongs to another role'
       WHEN t.relrowsecurity THEN 'papers has row-level security'
       WHEN EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = t.oid OR inhparent = t.oid) THEN 'papers is inherited'
       WHEN EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = t.oid AND attacl IS NOT NULL) THEN 'papers has column privileges'
       WHEN EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = t.oid AND NOT tgisinternal) THEN 'papers has triggers'
       WHEN EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = t.oid AND contype NOT IN ('p', 'c'))
         THEN 'papers has constraints besides its key and checks'
       WHEN EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${LOAD_SCHEMA}'
           AND nspowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user))
         THEN 'schema ${LOAD_SCHEMA} belongs to another role'
       ELSE (
         SELECT 'it is used by ' || pg_describe_object(d.classid, d.objid, d.objsubid) FROM pg_depend d
         WHERE ((d.refclassid = 'pg_class'::regclass AND d.refobjid = t.oid)
             OR (d.refclassid = 'pg_type'::regclass AND d.refobjid = t.reltype))
           AND NOT (d.classid = 'pg_type'::regclass AND d.deptype = 'i')
           AND d.classid NOT IN ('pg_attrdef'::regclass, 'pg_constraint'::regclass)
           AND NOT (d.classid = 'pg_class'::regclass AND d.objsubid = 0
             AND (SELECT relkind FROM pg_class WHERE oid = d.objid) IN ('i', 't'))
         LIMIT 1)
     END AS blocker FROM t`,
  );
  return row?.blocker ?? null;
}

/**
 * Starts a rebuild on its controlling transaction, which lasts until the swap: one rebuild at a time,
 * and no writer changes papers meanwhile (SHARE lets every reader through; an INSERT, UPDATE or
 * DELETE waits and then runs against the new table), so nothing written during the load is lost.
 */
export async function holdPapersForRebuild(control: RawSession): Promise<void> {
  await control.query('SELECT pg_advisory_xact_lock($1)', [REBUILD_LOCK]);
  // It sits idle while other connections load: a server-wide idle timeout must not end it.
  await control.query('SET LOCAL idle_in_transaction_session_timeout = 0');
  await control.query('LOCK TABLE papers IN SHARE MODE');
}

export interface LoadTable {
  /** The live table's schema, quoted. */
  home: string;
  /** Its stored (not generated) columns, quoted, comma-separated. */
  columns: string;
  /** CREATE INDEX statements for the loaded table, one per secondary index of the live one. */
  indexes: string[];
}

const indexOnLoadTable = (definition: string) => {
  const rewritten = definition.replace(
    /^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+ USING /,
    `$1${LOAD_SCHEMA}.papers USING `,
  );
  if (rewritten === definition) throw new Error(`unexpected index definition: ${definition}`);
  return rewritten;
};

/**
 * Creates the empty table a rebuild fills (dropping what a crashed rebuild left), shaped like papers
 * with its primary key (ON CONFLICT needs it while loading); its other indexes are built after the
 * load. Commit it before loading: the loaders are other connections.
 */
export async function createLoadTable(session: RawSession): Promise<LoadTable> {
  const [shape] = await session.query<{ home: string; columns: string }>(
    `SELECT quote_ident(n.nspname) AS home,
       (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
        WHERE attrelid = c.oid AND attnum > 0 AND NOT attisdropped AND attgenerated = '') AS columns
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'papers'::regclass`,
  );
  if (!shape) throw new Error('papers is missing');
  const target = `${LOAD_SCHEMA}.papers`;
  await dropLoadTable(session);
  await session.query(`CREATE SCHEMA ${LOAD_SCHEMA}`);
  await session.query(
    `CREATE TABLE ${target} (LIKE ${shape.home}.papers INCLUDING DEFAULTS INCLUDING GENERATED
       INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING COMMENTS)`,
  );
  const statements = await session.query<{ statement: string }>(
    `SELECT format('ALTER TABLE ${target} ADD CONSTRAINT %I %s', conname, pg_get_constraintdef(oid)) AS statement
     FROM pg_constraint WHERE conrelid = 'papers'::regclass AND contype = 'p'
     UNION ALL
     SELECT format('COMMENT ON TABLE ${target} IS %L', obj_description('papers'::regclass, 'pg_class'))
     WHERE obj_description('papers'::regclass, 'pg_class') IS NOT NULL
     UNION ALL
     SELECT format('GRANT %s ON ${target} TO %s%s', acl.privilege_type,
         CASE WHEN acl.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(acl.grantee)) END,
         CASE WHEN acl.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END)
     FROM pg_class c, aclexplode(c.relacl) AS acl WHERE c.oid = 'papers'::regclass`,
  );
  for (const { statement } of statements) await session.query(statement);
  const indexes = await session.query<{ definition: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
     WHERE i.indrelid = 'papers'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = i.indexrelid AND conrelid = i.indrelid)
     -- The slowest builds first (RUM, then GIN over tsvectors, other GIN, btree), so that two builders
     -- finish close together.
     ORDER BY (SELECT CASE amname WHEN 'rum' THEN 0 WHEN 'gin' THEN 1 ELSE 2 END
               FROM pg_am JOIN pg_class ON pg_class.relam = pg_am.oid WHERE pg_class.oid = i.indexrelid),
       EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = i.indrelid AND attnum = ANY (i.indkey)
               AND atttypid = 'tsvector'::regtype) DESC,
       pg_relation_size(i.indexrelid) DESC, i.indexrelid`,
  );
  return {
    home: shape.home,
    columns: shape.columns,
    indexes: indexes.map((index) => indexOnLoadTable(index.definition)),
  };
}

/** Drops the table a rebuild fills (also what a killed rebuild left); call under the rebuild lock. */
export async function dropLoadTable(session: RawSession): Promise<void> {
  await session.query(`DROP SCHEMA IF EXISTS ${LOAD_SCHEMA} CASCADE`);
}

/**
 * Points this transaction's unqualified `papers` at the table being filled, so the upsert path
 * (paper-upsert.repo.ts) writes it, and lets its commits skip the wait for the disk: nothing is
 * visible until the swap, whose commit does wait (and so flushes everything before it).
 */
export async function writeToLoadTable(session: RawSession, table: LoadTable): Promise<void> {
  await session.query(`SET LOCAL search_path = ${LOAD_SCHEMA}, ${table.home}`);
  await session.query('SET LOCAL synchronous_commit = off');
}

/**
 * Copies share `part` of `parts` of the stored papers into the table being filled (its vectors are
 * computed again: a generated column cannot be copied), so the import upserts over the corpus as it is.
 */
export async function copyPapersToLoadTable(
  session: RawSession,
  table: LoadTable,
  part: number,
  parts: number,
): Promise<number> {
  const [row] = await session.query<{ count: number }>(
    `WITH copied AS (
       INSERT INTO ${LOAD_SCHEMA}.papers (${table.columns}) SELECT ${table.columns} FROM ${table.home}.papers
       WHERE mod(hashtext(paper_id)::bigint + 2147483648, $1) = $2 RETURNING 1
     ) SELECT count(*)::int AS count FROM copied`,
    [parts, part],
  );
  return row?.count ?? 0;
}

/** Builds one secondary index of the filled table (a statement of LoadTable.indexes). */
export async function buildLoadIndex(session: RawSession, statement: string): Promise<void> {
  await session.query(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
  await session.query('SET LOCAL synchronous_commit = off');
  await session.query(statement);
}

const isLockWait = (error: unknown) => ['40P01', '55P03'].includes((error as { code?: string }).code ?? '');

/**
 * On the controlling transaction (holdPapersForRebuild): replaces papers with the filled table.
 * Foreign keys into papers are dropped and added again (validated against the new table, which holds
 * every old paper). The tables involved are locked up front, referencing tables first; when that
 * meets a lock held by someone else for SWAP_LOCK_TIMEOUT, or a deadlock, everything taken since the
 * savepoint is let go and the swap tried again, so readers never queue behind it for long.
 */
export async function swapInLoadTable(control: RawSession, table: LoadTable): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await control.query('SAVEPOINT rebuild_swap');
    try {
      await control.query(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT}'`);
      const references = await control.query<{ child: string; name: string; definition: string }>(
        `SELECT conrelid::regclass::text AS child, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE confrelid = 'papers'::regclass AND contype = 'f' ORDER BY conrelid, conname`,
      );
      const children = [...new Set(references.map((reference) => reference.child))];
      if (children.length > 0) await control.query(`LOCK TABLE ${children.join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await control.query('LOCK TABLE papers IN ACCESS EXCLUSIVE MODE');
      for (const { child, name } of references) await control.query(`ALTER TABLE ${child} DROP CONSTRAINT ${name}`);
      await control.query(`DROP TABLE ${table.home}.papers`);
      await control.query(`ALTER TABLE ${LOAD_SCHEMA}.papers SET SCHEMA ${table.home}`);
      for (const { child, name, definition } of references) {
        await control.query(`ALTER TABLE ${child} ADD CONSTRAINT ${name} ${definition}`);
      }
      await control.query(`DROP SCHEMA ${LOAD_SCHEMA}`);
      await control.query('RESET lock_timeout');
      await control.query('RELEASE SAVEPOINT rebuild_swap');
      // The import is reported done after this commit: it waits for the disk whatever the session says.
      await control.query('SET LOCAL synchronous_commit = on');
      return;
    } catch (error) {
      await control.query('ROLLBACK TO SAVEPOINT rebuild_swap');
      if (!isLockWait(error) || attempt >= SWAP_ATTEMPTS) throw error;
      await sleep(200 * attempt);
    }
  }
}

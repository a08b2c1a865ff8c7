import {
  type ArxivFields,
  dateOfRfc2822,
  paperFromArxivFields,
  type RecordOutcome,
  splitAuthors,
} from './arxiv-record';
import { asArray, child, parseXml, textOf, type XmlNode } from './xml';

export const METADATA_PREFIXES = ['arXivRaw', 'arXiv', 'oai_dc'] as const;
export type MetadataPrefix = (typeof METADATA_PREFIXES)[number];

export interface OaiRecord {
  /** The header's identifier, e.g. 'oai:arXiv.org:0704.0471' (what a skip report names). */
  identifier: string;
  datestamp: string | null;
  /** arXiv marks withdrawn records deleted; they carry no metadata. */
  deleted: boolean;
  outcome: RecordOutcome;
}

export type OaiPage =
  | { kind: 'records'; records: OaiRecord[]; resumptionToken: string | null; completeListSize: number | null }
  | { kind: 'error'; code: string; message: string };

/** A response that is not an OAI-PMH answer at all (HTML error page, truncated body, wrong root). */
export class MalformedOaiResponse extends Error {
  constructor(reason: string) {
    super(`arXiv sent a response that is not an OAI-PMH page: ${reason}`);
    this.name = 'MalformedOaiResponse';
  }
}

const text = (node: unknown, name: string) => textOf(child(node, name));

function fieldsOfArxivRaw(meta: unknown): ArxivFields {
  const versions = asArray(child(meta, 'version')).map((version) => dateOfRfc2822(text(version, 'date')));
  return {
    id: text(meta, 'id'),
    title: text(meta, 'title'),
    authors: splitAuthors(text(meta, 'authors')),
    abstract: text(meta, 'abstract'),
    categories: (text(meta, 'categories') ?? '').split(/\s+/),
    published: versions[0],
    updated: versions.length > 1 ? versions.at(-1) : null,
    doi: text(meta, 'doi'),
    comments: text(meta, 'comments'),
  };
}

function fieldsOfArxiv(meta: unknown): ArxivFields {
  const authors = asArray(child(child(meta, 'authors'), 'author')).map((author) =>
    [text(author, 'forenames'), text(author, 'keyname'), text(author, 'suffix')].filter(Boolean).join(' '),
  );
  return {
    id: text(meta, 'id'),
    title: text(meta, 'title'),
    authors,
    abstract: text(meta, 'abstract'),
    categories: (text(meta, 'categories') ?? '').split(/\s+/),
    published: text(meta, 'created'),
    updated: text(meta, 'updated'),
    doi: text(meta, 'doi'),
    comments: text(meta, 'comments'),
  };
}

const COMMENT = /^Comment:\s*/;

/**
 * Dublin Core has no arXiv id or category codes: the id comes from the header, the categories from
 * the record's sets (physics:hep-th → hep-th), authors from 'Last, First'.
 */
function fieldsOfOaiDc(meta: unknown, header: unknown): ArxivFields {
  const values = (name: string) => asArray(child(meta, name)).map((node) => textOf(node) ?? '');
  const descriptions = values('description');
  const dates = values('date');
  const doi = values('identifier').find((value) => value.startsWith('doi:'));
  return {
    id: (textOf(child(header, 'identifier')) ?? '').replace(/^oai:arXiv\.org:/, ''),
    title: values('title')[0],
    authors: values('creator').map((name) => name.split(/,\s*/).reverse().join(' ')),
    abstract: descriptions.find((value) => !COMMENT.test(value)),
    categories: asArray(child(header, 'setSpec')).map((spec) => (textOf(spec) ?? '').split(':').at(-1) ?? ''),
    published: dates[0],
    updated: dates.length > 1 ? dates.at(-1) : null,
    doi: doi?.slice('doi:'.length),
    comments: descriptions.find((value) => COMMENT.test(value))?.replace(COMMENT, ''),
  };
}

function recordOf(record: unknown, prefix: MetadataPrefix): OaiRecord {
  const header = child(record, 'header');
  const identifier = textOf(child(header, 'identifier')) ?? '(no identifier)';
  const datestamp = textOf(child(header, 'datestamp')) ?? null;
  if (child(header, '@status') === 'deleted') {
    return { identifier, datestamp, deleted: true, outcome: { reason: 'deleted on arXiv' } };
  }
  const metadata = child(record, 'metadata');
  const meta = child(metadata, prefix === 'oai_dc' ? 'dc' : prefix);
  if (!meta || typeof meta !== 'object') {
    return { identifier, datestamp, deleted: false, outcome: { reason: `no ${prefix} metadata` } };
  }
  const fields =
    prefix === 'arXivRaw'
      ? fieldsOfArxivRaw(meta)
      : prefix === 'arXiv'
        ? fieldsOfArxiv(meta)
        : fieldsOfOaiDc(meta, header);
  return { identifier, datestamp, deleted: false, outcome: paperFromArxivFields(fields) };
}

/** Parses one ListRecords or GetRecord response in the given metadata format. */
export function parseOaiPage(body: string, prefix: MetadataPrefix): OaiPage {
  let document: XmlNode;
  try {
    document = parseXml(body);
  } catch (error) {
    throw new MalformedOaiResponse((error as Error).message);
  }
  const root = document['OAI-PMH'];
  if (!root || typeof root !== 'object') throw new MalformedOaiResponse('its root element is not <OAI-PMH>');
  const [error] = asArray(child(root, 'error'));
  if (error !== undefined) {
    return { kind: 'error', code: String(child(error, '@code') ?? 'unknown'), message: textOf(error) ?? '' };
  }
  const list = child(root, 'ListRecords') ?? child(root, 'GetRecord');
  if (!list || typeof list !== 'object') throw new MalformedOaiResponse('it holds neither records nor an error');
  const token = child(list, 'resumptionToken');
  const size = child(token, '@completeListSize');
  return {
    kind: 'records',
    records: asArray(child(list, 'record')).map((record) => recordOf(record, prefix)),
    // An empty token element marks the last page of a list.
    resumptionToken: textOf(token) || null,
    completeListSize: size === undefined ? null : Number(size),
  };
}

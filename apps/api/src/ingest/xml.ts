import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Elements that may repeat: always arrays, so one occurrence reads like many (Dublin Core fields go through asArray). */
const REPEATED = new Set(['record', 'setSpec', 'version', 'author', 'entry', 'category', 'link', 'error']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Ids such as 0704.0471 must stay text, not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

export type XmlNode = Record<string, unknown>;

/** Parses a whole document; text that is not well-formed XML throws with the parser's reason. */
export function parseXml(text: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  return parser.parse(text) as XmlNode;
}

/** The text of an element that may carry attributes ({'#text': …}) or be empty. */
export function textOf(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && '#text' in node) return String((node as XmlNode)['#text']);
  if (typeof node === 'object') return '';
  return String(node);
}

export const asArray = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

export const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;

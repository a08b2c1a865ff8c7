import { AppError } from '../../../lib/app-error';

/** One RIS record: its tags in order, a repeated tag (AU, KW) as a list. */
export type RisRecord = Record<string, string | string[]>;

const TAG_LINE = /^([A-Z][A-Z0-9]) {2}-(?: (.*))?$/;
/** Something that tries to be a tag and is not one: 'TI - x', 'T1- x', 'TITLE  - x'. */
const BROKEN_TAG = /^[A-Za-z][A-Za-z0-9]{0,5}\s*-(?:\s|$)/;

const lineError = (line: number, message: string) => new AppError('INVALID_REQUEST', `line ${line}: ${message}`);

/**
 * RIS read strictly, line by line, so a broken file is refused with the line at fault rather than read
 * as empty records (citation-js reads 'TI - x' as nothing). A line that is neither a tag nor blank
 * continues the previous tag's value (how some writers fold long values).
 */
export function readRisRecords(text: string): RisRecord[] {
  const records: RisRecord[] = [];
  let current: RisRecord | null = null;
  let startedAt = 0;
  let lastTag = '';
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.replace(/\r$/, '');
    const tagged = line.match(TAG_LINE);
    if (!current) {
      if (line.trim() === '') return;
      if (tagged?.[1] === 'TY') {
        current = { TY: (tagged[2] ?? '').trim() };
        startedAt = lineNo;
        lastTag = 'TY';
        return;
      }
      throw lineError(lineNo, `expected "TY  - " to start a RIS record, found "${line.slice(0, 40)}"`);
    }
    if (tagged) {
      const [, tag = '', value = ''] = tagged;
      if (tag === 'TY')
        throw lineError(startedAt, 'the RIS record starting here has no "ER  - " line before the next one');
      if (tag === 'ER') {
        records.push(current);
        current = null;
        return;
      }
      const previous = current[tag];
      current[tag] = previous === undefined ? value.trim() : [previous, value.trim()].flat();
      lastTag = tag;
      return;
    }
    if (BROKEN_TAG.test(line)) {
      throw lineError(
        lineNo,
        `malformed RIS tag "${line.slice(0, 40)}": a tag is two capitals or digits, two spaces, "-"`,
      );
    }
    if (line.trim() === '') return;
    const previous = current[lastTag];
    if (Array.isArray(previous)) previous[previous.length - 1] = `${previous.at(-1)} ${line.trim()}`;
    else current[lastTag] = `${previous ?? ''} ${line.trim()}`.trim();
  });
  if (current) throw lineError(startedAt, 'the RIS record starting here has no "ER  - " line');
  return records;
}

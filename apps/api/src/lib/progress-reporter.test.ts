import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressReporter, formatDuration, formatProgress } from './progress-reporter';

/** A stream that keeps what is written; a terminal when `isTTY`. */
class Captured extends Writable {
  text = '';
  constructor(readonly isTTY: boolean) {
    super();
  }
  columns = 120;
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are what is stripped
const plain = (text: string) => text.replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '');

/** A clock the test moves. */
const clock = () => {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
};

describe('formatProgress', () => {
  it('shows counts with separators, the rate since the start and the time left at that rate', () => {
    expect(formatProgress({ done: 12_400, total: 25_002 }, 'papers', 6_700)).toBe(
      '12,400/25,002 papers · 1,851/s · ETA 7s',
    );
  });

  it('marks an estimated total, and never shows a total below what is done', () => {
    expect(formatProgress({ done: 5_000, total: 24_943, isEstimate: true }, 'papers', 2_000)).toBe(
      '5,000/~24,943 papers · 2,500/s · ETA 8s',
    );
    expect(formatProgress({ done: 30, total: 20, isEstimate: true }, 'grants', 1_000)).toBe('30/~30 grants · 30/s');
  });

  it('shows the step under way instead of an ETA, and no rate before anything is done', () => {
    expect(formatProgress({ done: 25_002, total: 25_002, stage: 'building indexes' }, 'papers', 20_000)).toBe(
      '25,002/25,002 papers · 1,250/s · building indexes',
    );
    expect(formatProgress({ done: 0, total: 2_300, isEstimate: true }, 'grants', 0)).toBe('0/~2,300 grants');
  });

  it('formats durations in seconds, minutes or hours', () => {
    expect([formatDuration(7.4), formatDuration(125), formatDuration(3_720), formatDuration(-1)]).toEqual([
      '7s',
      '2m 05s',
      '1h 02m',
      '0s',
    ]);
  });
});

describe('createProgressReporter', () => {
  it('draws a bar with counts and rate on a terminal', () => {
    const stream = new Captured(true);
    const time = clock();
    const reporter = createProgressReporter({ label: 'Loading corpus', unit: 'papers', stream, now: time.now });
    time.advance(6_700);
    reporter.update({ done: 12_400, total: 25_002 });
    reporter.stop();
    const lines = plain(stream.text).trim().split('\n');
    expect(lines.at(-1)?.trim()).toBe(
      `Loading corpus ${'█'.repeat(12)}${'░'.repeat(12)} 12,400/25,002 papers · 1,851/s · ETA 7s`,
    );
    // Drawn in place: the cursor is moved back, not a new line per update.
    expect(stream.text).toContain('\u001b[');
  });

  it('prints plain lines, not a bar, when not a terminal: one per 10 % and one when a step begins', () => {
    const stream = new Captured(false);
    const time = clock();
    const reporter = createProgressReporter({ label: 'Loading corpus', unit: 'papers', stream, now: time.now });
    for (let done = 0; done <= 25_000; done += 500) {
      time.advance(250);
      reporter.update({ done, total: 25_000 });
    }
    reporter.update({ done: 25_000, total: 25_000, stage: 'building indexes' });
    reporter.stop();
    const lines = stream.text.trim().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('Loading corpus: 0% · 0/25,000 papers');
    expect(lines[5]).toBe('Loading corpus: 50% · 12,500/25,000 papers · 1,923/s · ETA 7s');
    expect(lines[10]).toBe('Loading corpus: 100% · 25,000/25,000 papers · 1,961/s');
    expect(lines[11]).toBe('Loading corpus: 100% · 25,000/25,000 papers · 1,961/s · building indexes');
    expect(stream.text).not.toMatch(/[█░]/);
    expect(stream.text).not.toContain('\u001b');
  });

  it('prints a plain line at least every plainEveryMs when progress is slow', () => {
    const stream = new Captured(false);
    const time = clock();
    const reporter = createProgressReporter({ label: 'Importing', unit: 'papers', stream, now: time.now });
    for (let done = 0; done < 50; done += 1) {
      time.advance(10_000);
      reporter.update({ done, total: 1_000 });
    }
    // 500 s at under 5 %: the first line, then one every 30 s.
    expect(stream.text.trim().split('\n')).toHaveLength(17);
  });
});

/** The library benchmark (`bench/run.ts --library`): upload-to-text-ready and server memory during large uploads. */

import { type MemoryResult, measureUploadMemory } from './library-memory';
import { benchPdfs } from './library-pdfs';
import { measureTextReady, type TextReadyResult } from './library-text-ready';
import type { MachineInfo } from './report';
import { ms } from './stats';

export interface LibraryResult {
  textReady: TextReadyResult[];
  memory: MemoryResult[];
}

const TEXT_READY_RUNS = 5;
const MEMORY_SIZES = [5_000_000, 50_000_000];

export async function runLibraryBench(entry: string, log: (message: string) => void): Promise<LibraryResult> {
  log('library: upload-to-text-ready (in-process app on PGlite, real HTTP)…');
  const textReady = await measureTextReady(await benchPdfs(), TEXT_READY_RUNS);
  const memory: MemoryResult[] = [];
  for (const size of MEMORY_SIZES) {
    log(`library: server memory while receiving ${size / 1e6} MB (built server, fresh DATA_DIR)…`);
    const result = await measureUploadMemory(entry, size);
    log(
      `library: ${size / 1e6} MB → ${result.status} in ${ms(result.receiveMs)} ms, ` +
        `RSS ${mib(result.baselineRssKiB)} → peak ${mib(result.receivePeakRssKiB)} MiB`,
    );
    memory.push(result);
  }
  return { textReady, memory };
}

const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const mib = (kib: number) => (kib / 1024).toFixed(0);
const int = (value: number) => Math.round(value).toLocaleString('en');
const signedMib = (kib: number) => `${kib >= 0 ? '+' : ''}${(kib / 1024).toFixed(0)}`;

export function renderLibraryReport(machine: MachineInfo, result: LibraryResult, date: string): string {
  const out: string[] = [];
  out.push(`## Library benchmark (${date})`, '');
  out.push(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB, Node ${machine.node}.`,
    '',
  );
  out.push('### Upload to text ready (in-process app on PGlite, real HTTP, 5 runs after 1 warm-up)', '');
  out.push(
    table(
      [
        'PDF',
        'Pages',
        'Bytes',
        'Upload p50 ms',
        'Upload max ms',
        'Text ready p50 ms',
        'Text ready max ms',
        'Text chars',
      ],
      result.textReady.map((r) => [
        r.label,
        String(r.pages),
        int(r.bytes),
        ms(r.upload.p50),
        ms(r.upload.max),
        ms(r.textReady.p50),
        ms(r.textReady.max),
        int(r.textChars),
      ]),
    ),
    '',
  );
  out.push('### Server memory while receiving an upload (built server, VmRSS every 50 ms)', '');
  out.push(
    table(
      [
        'File',
        'Status',
        'Receive ms',
        'Baseline RSS MiB',
        'Peak RSS receiving MiB',
        'Delta MiB',
        'VmHWM at reply MiB',
        'After reply: peak RSS MiB',
        'After reply: busy s (CPU s)',
        'VmHWM at end MiB',
      ],
      result.memory.map((m) => [
        `${(m.fileBytes / 1e6).toFixed(0)} MB (${int(m.fileBytes)} B)`,
        String(m.status),
        ms(m.receiveMs),
        mib(m.baselineRssKiB),
        mib(m.receivePeakRssKiB),
        signedMib(m.receivePeakRssKiB - m.baselineRssKiB),
        mib(m.receiveHwmKiB),
        mib(m.afterPeakRssKiB),
        `${(m.afterBusyMs / 1000).toFixed(1)}${m.afterTimedOut ? ' (limit hit)' : ''} (${(m.afterCpuMs / 1000).toFixed(1)})`,
        mib(m.finalHwmKiB),
      ]),
    ),
    '',
  );
  return out.join('\n');
}

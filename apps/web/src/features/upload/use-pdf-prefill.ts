import type { TPdfMetadata } from '@paperbench/contract';
import { useRef, useState } from 'react';
import { usePdfMetadataMutation } from './api';

export type TUploadFields = { title: string; authors: string; published: string; abstract: string };
type TSetters = { [K in keyof TUploadFields]: (update: (current: string) => string) => void };

/** What the dialog tells about the reading: nothing yet, reading, some fields filled, nothing found, failed. */
export type TPrefillState = 'idle' | 'reading' | 'filled' | 'nothing' | 'failed';

/**
 * The form's values from the PDF's metadata. A date after today is left out (the form refuses it), and so
 * is a year alone: the date field would make it 1 January as if typed; left empty, the server keeps it as
 * the year it is.
 */
export function fieldsFromMetadata(metadata: TPdfMetadata, today: string): TUploadFields {
  const isWholeDate = metadata.published_precision !== 'year';
  return {
    title: metadata.title ?? '',
    authors: (metadata.authors ?? []).join(', '),
    published: metadata.published && isWholeDate && metadata.published <= today ? metadata.published : '',
    abstract: metadata.abstract ?? '',
  };
}

/**
 * docs/uploads.md#metadata-from-the-pdf: as soon as a PDF is chosen the server reads it, and each empty
 * field takes what the PDF says. A field with anything else in it when the answer comes is the user's and
 * is left alone (what an earlier file's answer put there is not); an answer for a file chosen before the
 * current one is dropped.
 */
export function usePdfPrefill(setters: TSetters, today: string) {
  const read = usePdfMetadataMutation();
  const [state, setState] = useState<TPrefillState>('idle');
  const latest = useRef<File | null>(null);
  // What the last answer put in each field: a field still holding it was not edited, so another file's
  // answer may replace it.
  const prefilled = useRef<Partial<TUploadFields>>({});

  const readFile = (file: File | null) => {
    latest.current = file;
    if (!file) {
      setState('idle');
      return;
    }
    setState('reading');
    read.mutateAsync(file).then(
      (metadata) => {
        if (latest.current !== file) return;
        const found = fieldsFromMetadata(metadata, today);
        let filled = false;
        for (const field of Object.keys(found) as Array<keyof TUploadFields>) {
          const value = found[field];
          if (!value) continue;
          filled = true;
          const previous = prefilled.current[field];
          setters[field]((current) => (current.trim() && current !== previous ? current : value));
          prefilled.current[field] = value;
        }
        setState(filled ? 'filled' : 'nothing');
      },
      () => {
        if (latest.current === file) setState('failed');
      },
    );
  };
  return { state, readFile };
}

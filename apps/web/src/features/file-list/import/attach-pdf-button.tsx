import type { TFolderFile } from '@paperbench/contract';
import { useRef } from 'react';
import { parseApiError } from '../../../api/parse-api-error';
import { checkChosenFile } from '../../../lib/upload-form';
import { useAttachPdfMutation } from './api';

/** What someone who did not import the paper is told: the server answers them 404. */
export const ATTACH_PDF_NOT_OWNER_ALERT = 'Only the person who imported this paper can attach its PDF.';

/**
 * docs/import-export.md#attach-a-pdf: a metadata-only paper's "No PDF yet" mark and its Attach PDF
 * action, which picks a PDF and sends it (the folder then reads afresh and the row opens the PDF).
 */
export function AttachPdfButton({ file }: { file: TFolderFile }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const attach = useAttachPdfMutation();
  return (
    <span className="file-no-pdf">
      No PDF yet
      <button
        type="button"
        className="button button-small"
        aria-label={`Attach PDF to ${file.filename}`}
        disabled={attach.isPending}
        onClick={() => inputRef.current?.click()}
      >
        {attach.isPending ? 'Attaching…' : 'Attach PDF'}
      </button>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept="application/pdf,.pdf"
        aria-label={`PDF for ${file.filename}`}
        onChange={(event) => {
          const checked = checkChosenFile(event.target.files?.[0]);
          event.target.value = '';
          if (checked.alert) window.alert(checked.alert);
          if (!checked.file) return;
          attach.mutateAsync({ paperId: file.paper_id, file: checked.file }).catch((error: unknown) => {
            const info = parseApiError(error);
            window.alert(info.status === 404 ? ATTACH_PDF_NOT_OWNER_ALERT : info.message);
          });
        }}
      />
    </span>
  );
}

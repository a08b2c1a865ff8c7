import type { TPaperRef } from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { userFilesQuery } from '../../features/library/api';
import { sharedListQuery, useImportSharedListMutation } from '../../features/sharing/api';
import { useImportNotice } from '../../features/sharing/import-notice-state';
import { Modal } from '../../features/ui/modal';
import { needsImportChoice, type TImportChoice } from '../../lib/share-import';

type TImportState =
  | { kind: 'loading' }
  | { kind: 'asking'; existing: TPaperRef[]; shared: TPaperRef[] }
  | { kind: 'importing' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

const toRef = ({ paper_id, platform }: TPaperRef): TPaperRef => ({ paper_id, platform });

/**
 * requirements §4 Shared-list import (/share/{share_id}): if the user already has files, a dialog offers Replace,
 * Merge or Cancel; with none it merges at once. Afterwards, and on Cancel, it returns home, replacing the
 * history entry (requirements §2); after an import the home view tells what it did (ImportNotice), with Undo.
 */
export function SharedListImport({ shareId }: { shareId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: importList } = useImportSharedListMutation();
  const { show: showNotice } = useImportNotice();
  // requirements §8: the query client logs every failure; here it is also shown, with a way back home.
  const [state, setState] = useState<TImportState>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const [list, files] = await Promise.all([
          queryClient.fetchQuery(sharedListQuery(shareId)),
          queryClient.fetchQuery(userFilesQuery()),
        ]);
        const existing = files.map(toRef);
        const shared = list.papers.map(toRef);
        if (needsImportChoice(existing.length)) {
          setState({ kind: 'asking', existing, shared });
          return;
        }
        setState({ kind: 'importing' });
        showNotice('merge', await importList({ shareId, mode: 'merge' }));
        setState({ kind: 'done' });
        navigate('/', { replace: true });
      } catch (error) {
        setState({ kind: 'failed', message: parseApiError(error).message });
      }
    })();
  }, [shareId, navigate, queryClient, importList, showNotice]);

  // The /share view stays mounted (hidden) after leaving: it must hold nothing on screen by then.
  const goHome = () => {
    setState({ kind: 'done' });
    navigate('/', { replace: true });
  };

  const choose = async (choice: TImportChoice) => {
    if (state.kind !== 'asking') return;
    setState({ kind: 'importing' });
    try {
      showNotice(choice, await importList({ shareId, mode: choice }));
      goHome();
    } catch (error) {
      setState({ kind: 'failed', message: parseApiError(error).message });
    }
  };

  if (state.kind === 'failed') {
    return (
      <div className="notice" role="alert">
        The shared list could not be imported: {state.message}{' '}
        <button type="button" className="link-button" onClick={goHome}>
          Back to home
        </button>
      </div>
    );
  }
  if (state.kind === 'done') return null;
  if (state.kind !== 'asking') {
    return (
      <p className="notice" role="status">
        {state.kind === 'loading' ? 'Opening the shared list…' : 'Adding the shared papers to your File List…'}
      </p>
    );
  }
  const loaded = state.existing.length;
  const sharedCount = state.shared.length;
  return (
    <Modal title="Import shared list" onClose={goHome}>
      <p>
        You have {loaded} {loaded === 1 ? 'file' : 'files'} loaded. The shared list has {sharedCount}{' '}
        {sharedCount === 1 ? 'file' : 'files'}.
      </p>
      <p className="muted">Replace your files with the shared list, or merge the new papers into yours?</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={goHome}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => void choose('merge')}>
          Merge
        </button>
        <button type="button" className="button button-primary" onClick={() => void choose('replace')}>
          Replace
        </button>
      </div>
    </Modal>
  );
}

import { useEffect, useRef, useState } from 'react';
import { decideRename } from '../../lib/folder-rename';
import { Icon } from '../ui/icons';

type TFolderNameEditorProps = {
  name: string;
  onSave: (name: string) => void;
  onCancel: () => void;
  /** The field's accessible name (the editor also renames chat sessions). */
  label?: string;
};

/**
 * requirements §2 / §4 inline rename: the text is selected when editing starts; Enter saves, Esc cancels; save
 * and cancel buttons; an empty or unchanged name just cancels (requirements §5).
 */
export function FolderNameEditor({ name, onSave, onCancel, label = 'Folder name' }: TFolderNameEditorProps) {
  const [draft, setDraft] = useState(name);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const save = () => {
    const decision = decideRename(name, draft);
    if (decision.kind === 'save') onSave(decision.name);
    else onCancel();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from toggling the folder.
    <div className="folder-rename" onClick={(event) => event.stopPropagation()} onKeyDown={() => {}}>
      <input
        ref={inputRef}
        className="folder-rename-input"
        aria-label={label}
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <button type="button" className="icon-button icon-button-small" aria-label="Save name" onClick={save}>
        <Icon name="check" size={15} />
      </button>
      <button type="button" className="icon-button icon-button-small" aria-label="Cancel rename" onClick={onCancel}>
        <Icon name="close" size={15} />
      </button>
    </div>
  );
}

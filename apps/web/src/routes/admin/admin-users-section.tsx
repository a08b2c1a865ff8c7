import type { TAdminUser } from '@paperbench/contract';
import { useDeferredValue, useId, useState } from 'react';
import {
  useAdminUsersQuery,
  useDeleteUserMutation,
  useDisableUserMutation,
  useEnableUserMutation,
} from '../../features/admin/api';
import { Modal } from '../../features/ui/modal';
import { formatBytes, formatCount, formatDateTime } from './admin-format';
import { ActionError, AdminSection, QueryState } from './admin-section';

/** What a user holds, as the row's small print. */
export function UserCounts({ user }: { user: TAdminUser }) {
  const { counts } = user;
  const items: [string, string][] = [
    ['folders', formatCount(counts.folders)],
    ['papers', formatCount(counts.papers)],
    ['uploads', counts.uploads ? `${formatCount(counts.uploads)} · ${formatBytes(counts.upload_bytes)}` : '0'],
    ['annotations', formatCount(counts.annotations)],
    ['chats', formatCount(counts.chat_sessions)],
    ['tokens', formatCount(counts.tokens)],
  ];
  return (
    <dl className="admin-counts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DeleteUserDialog({ user, onClose }: { user: TAdminUser; onClose: () => void }) {
  const deletion = useDeleteUserMutation();
  const closeUnlessBusy = () => {
    if (!deletion.isPending) onClose();
  };
  return (
    <Modal title={`Delete ${user.email}?`} onClose={closeUnlessBusy}>
      <p className="admin-dialog-text">
        This deletes the account as <strong>Delete my account</strong> on the profile page does: every folder, upload,
        annotation, chat and token of {user.name ?? user.email}, and the folders they share. They are signed out on
        every device. It cannot be undone.
      </p>
      <ActionError error={deletion.error} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={closeUnlessBusy} disabled={deletion.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="button admin-danger-button"
          disabled={deletion.isPending}
          onClick={() => deletion.mutate(user, { onSuccess: onClose })}
        >
          {deletion.isPending ? 'Deleting…' : 'Delete account'}
        </button>
      </div>
    </Modal>
  );
}

function UserRow({ user, onDelete }: { user: TAdminUser; onDelete: () => void }) {
  const disable = useDisableUserMutation();
  const enable = useEnableUserMutation();
  const isBusy = disable.isPending || enable.isPending;
  return (
    <li className={`admin-user${user.disabled_at ? ' admin-user-disabled' : ''}`}>
      <div className="admin-user-who">
        <span className="admin-user-name">
          {user.name ?? user.email}
          {user.is_admin && <span className="admin-tag">Admin</span>}
          {user.disabled_at && <span className="admin-tag admin-tag-danger">Disabled</span>}
        </span>
        <span className="admin-user-email">{user.email}</span>
        <span className="admin-muted">Joined {formatDateTime(user.created_at)}</span>
        {user.disabled_at && <span className="admin-muted">Disabled {formatDateTime(user.disabled_at)}</span>}
      </div>
      <UserCounts user={user} />
      <div className="admin-row-actions">
        {user.disabled_at ? (
          <button type="button" className="button button-small" disabled={isBusy} onClick={() => enable.mutate(user)}>
            Enable
          </button>
        ) : (
          <button
            type="button"
            className="button button-small"
            disabled={isBusy || user.is_admin}
            title={user.is_admin ? 'Administrators are named by ADMIN_EMAILS' : undefined}
            onClick={() => disable.mutate(user)}
          >
            Disable
          </button>
        )}
        <button
          type="button"
          className="button button-small admin-danger-button"
          disabled={isBusy || user.is_admin}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      <ActionError error={disable.error ?? enable.error} />
    </li>
  );
}

/** Users: search by email or name, what each holds, disable, enable, delete. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useAdminUsersQuery(deferred);
  const [deleting, setDeleting] = useState<TAdminUser | null>(null);
  const inputId = useId();
  const data = users.data;
  return (
    <AdminSection
      id="users"
      title="Users"
      description="Signed-in accounts, newest first. A disabled user's sessions and tokens are refused until enabled."
    >
      <div className="admin-search">
        <label htmlFor={inputId} className="admin-search-label">
          Search users
        </label>
        <input
          id={inputId}
          type="search"
          value={search}
          placeholder="Email or name"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSearch(event.target.value)}
        />
        {data && (
          <span className="admin-muted" aria-live="polite">
            {data.total === data.users.length
              ? `${formatCount(data.total)} ${data.total === 1 ? 'user' : 'users'}`
              : `${data.users.length} of ${formatCount(data.total)} users`}
          </span>
        )}
      </div>
      <QueryState isPending={users.isPending} error={users.error} />
      {data && data.users.length === 0 && <p className="admin-empty">No signed-in user matches “{deferred}”.</p>}
      {data && data.users.length > 0 && (
        <ul className="admin-list" aria-label="Users">
          {data.users.map((user) => (
            <UserRow key={user.id} user={user} onDelete={() => setDeleting(user)} />
          ))}
        </ul>
      )}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
    </AdminSection>
  );
}

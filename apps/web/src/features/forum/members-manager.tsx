import type { TAssignableRole, TSharedFolder } from '@paperbench/contract';
import { ZEmail } from '@paperbench/contract';
import { useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useAddForumUserMutation, useRemoveForumUserMutation, useUpdateForumUserRoleMutation } from './api';
import { ASSIGNABLE_ROLES, ROLE_HINTS, ROLE_LABELS } from './role-labels';

function RoleSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: TAssignableRole;
  onChange: (role: TAssignableRole) => void;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      className="member-role-select"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TAssignableRole)}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <option key={role} value={role} title={ROLE_HINTS[role]}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/**
 * requirements §6: shared-folder users carry a role that can be added, updated or removed by email. Shown to
 * those who manage the folder (the File List's Sharing dialog and /rwf/{folderId}); the owner's row has
 * no controls (ownership is not transferable this way).
 */
export function MembersManager({ folder }: { folder: TSharedFolder }) {
  const headingId = useId();
  const emailId = useId();
  const add = useAddForumUserMutation(folder.folder_id);
  const update = useUpdateForumUserRoleMutation(folder.folder_id);
  const remove = useRemoveForumUserMutation(folder.folder_id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TAssignableRole>('commenter');
  const [error, setError] = useState<string | null>(null);

  const showError = (reason: unknown) => setError(parseApiError(reason).message);

  const onAdd = () => {
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      setError('Enter an email address, such as ada@example.org.');
      return;
    }
    setError(null);
    add.mutateAsync({ email: parsed.data, role }).then(() => setEmail(''), showError);
  };

  return (
    <section className="members" aria-labelledby={headingId}>
      <h3 id={headingId} className="members-title">
        Members
      </h3>
      <ul className="members-list" aria-label="Members">
        {folder.users.map((user) => (
          <li key={user.email} className="member">
            <span className="member-who">
              {user.name && <span className="member-name">{user.name}</span>}
              <span className="member-email">{user.email}</span>
            </span>
            {user.role === 'owner' ? (
              <span className="member-role">{ROLE_LABELS.owner}</span>
            ) : (
              <>
                <RoleSelect
                  label={`Role of ${user.email}`}
                  value={user.role}
                  disabled={update.isPending}
                  onChange={(next) => {
                    setError(null);
                    update.mutateAsync({ email: user.email, role: next }).catch(showError);
                  }}
                />
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Remove ${user.email}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm(`Remove ${user.email} from this folder?`)) return;
                    setError(null);
                    remove.mutateAsync(user.email).catch(showError);
                  }}
                >
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form
        className="members-add"
        // The email is checked here (ZEmail) so the refusal reads the same in every browser.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <label htmlFor={emailId} className="visually-hidden">
          Email of the person to add
        </label>
        <input
          id={emailId}
          type="email"
          placeholder="name@example.org"
          value={email}
          autoComplete="off"
          onChange={(event) => setEmail(event.target.value)}
        />
        <RoleSelect label="Role of the person to add" value={role} onChange={setRole} />
        <button type="submit" className="button button-small button-primary" disabled={add.isPending || !email.trim()}>
          Add
        </button>
      </form>
      {error && (
        <p className="form-error members-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

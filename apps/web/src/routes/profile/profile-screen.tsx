import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import {
  useDownloadLibraryMutation,
  useExportDataMutation,
  useLogoutMutation,
  useProfileQuery,
} from '../../features/identity/api';
import { Avatar } from '../../features/identity/avatar';
import { useCachedUser } from '../../features/identity/cached-user';
import { SignInButton } from '../../features/identity/sign-in-button';
import { ApiTokens } from './api-tokens';
import { DeleteAccountDialog } from './delete-account-dialog';
import {
  DigestSubscription,
  FollowedTopics,
  LibraryCounts,
  ProfileCard,
  ServerAi,
  SharedFolders,
} from './profile-sections';
import '../../features/identity/identity.css';
import './profile.css';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** Who this browser is: the signed-in person (picture, name, email), or an anonymous visitor with a sign-in prompt. */
function AccountCard() {
  const profile = useProfileQuery();
  const cachedUser = useCachedUser();
  const logout = useLogoutMutation();
  // The server's word once it has answered; the cached user until then (or if it cannot be reached).
  const person = profile.data ? profile.data.user : cachedUser;

  if (!person) {
    if (profile.isPending && !cachedUser) return <div className="profile-account profile-account-loading" />;
    return (
      <section className="profile-account" aria-label="Account">
        <span className="profile-anonymous-mark" aria-hidden="true">
          ?
        </span>
        <div className="profile-account-body">
          <h2>You are anonymous on this browser</h2>
          <p className="profile-muted">
            Your folders, topics and chats are kept under an id stored in this browser only. Sign in to keep them under
            your name, open them on other devices, and join folders shared with your email.
          </p>
          <div className="profile-account-actions">
            <SignInButton explainWhenUnavailable />
          </div>
        </div>
      </section>
    );
  }

  const signedInAt = profile.data?.user?.signed_in_at;
  return (
    <section className="profile-account" aria-label="Account">
      <Avatar name={person.name} email={person.email} picture={person.picture} size={64} />
      <div className="profile-account-body">
        <h2>{person.name}</h2>
        <p className="profile-email">{person.email}</p>
        {signedInAt && <p className="profile-muted">Signed in since {formatDate(signedInAt)}</p>}
      </div>
      <div className="profile-account-actions">
        <button type="button" className="button" disabled={logout.isPending} onClick={() => logout.mutate()}>
          {logout.isPending ? 'Logging out…' : 'Log out'}
        </button>
        {logout.isError && (
          <p className="profile-error" role="alert">
            Logout failed: {parseApiError(logout.error).message}
          </p>
        )}
      </div>
    </section>
  );
}

/** "Export my data" (JSON) and "Download library" (BibTeX or CSL-JSON): fetched with X-User-ID, then saved. */
function YourData() {
  const exportData = useExportDataMutation();
  const library = useDownloadLibraryMutation();
  const failure = exportData.error ?? library.error;
  return (
    <ProfileCard title="Your data" className="profile-card-wide">
      <p className="profile-muted">
        Download everything the server holds for you as JSON, or just your library as a BibTeX or CSL-JSON file for your
        reference manager.
      </p>
      <div className="profile-buttons">
        <button
          type="button"
          className="button"
          disabled={exportData.isPending}
          onClick={() => {
            library.reset();
            exportData.mutate();
          }}
        >
          {exportData.isPending ? 'Preparing…' : 'Export my data'}
        </button>
        <button
          type="button"
          className="button"
          disabled={library.isPending}
          onClick={() => {
            exportData.reset();
            library.mutate('bibtex');
          }}
        >
          {library.isPending ? 'Preparing…' : 'Download library (BibTeX)'}
        </button>
        <button
          type="button"
          className="button"
          disabled={library.isPending}
          onClick={() => {
            exportData.reset();
            library.mutate('csljson');
          }}
        >
          Download library (CSL-JSON)
        </button>
      </div>
      {failure ? (
        <p className="profile-error" role="alert">
          The download failed: {parseApiError(failure).message}
        </p>
      ) : null}
    </ProfileCard>
  );
}

function DangerZone({ isSignedIn }: { isSignedIn: boolean }) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <ProfileCard title="Delete account" className="profile-card-wide profile-card-danger">
      <p className="profile-muted">
        Removes every folder, upload, topic, chat and comment the server holds for you. This cannot be undone.
      </p>
      <div className="profile-buttons">
        <button type="button" className="button profile-danger-button" onClick={() => setIsConfirming(true)}>
          Delete my account
        </button>
      </div>
      {isConfirming && <DeleteAccountDialog isSignedIn={isSignedIn} onClose={() => setIsConfirming(false)} />}
    </ProfileCard>
  );
}

/** /profile: the account, the library at a glance, topics, digest, shared folders, exports, API tokens and deletion. */
export default function ProfileScreen({ title }: TScreenProps) {
  const profile = useProfileQuery();
  const cachedUser = useCachedUser();
  const isSignedIn = Boolean(profile.data ? profile.data.user : cachedUser);
  return (
    <section className="screen profile-screen">
      <h1>{title}</h1>
      <AccountCard />
      <div className="profile-grid">
        <LibraryCounts counts={profile.data?.counts} error={profile.error} />
        <FollowedTopics />
        <DigestSubscription />
        <SharedFolders />
        <ServerAi />
        <YourData />
        <ApiTokens />
        <DangerZone isSignedIn={isSignedIn} />
      </div>
    </section>
  );
}

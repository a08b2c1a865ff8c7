import type { TScreenProps } from '../../app/screen-props';
import { useAdminAccess } from '../../features/identity/api';
import { useCachedUser } from '../../features/identity/cached-user';
import NotFoundScreen from '../not-found/not-found-screen';
import { AiSection } from './admin-ai-section';
import { AuditSection } from './admin-audit-section';
import { BackupsSection } from './admin-backups-section';
import { CorpusSection } from './admin-corpus-section';
import { QueueSection } from './admin-queue-section';
import { UsageSection } from './admin-usage-section';
import { UsersSection } from './admin-users-section';
import './admin.css';

const SECTIONS = [
  ['users', 'Users'],
  ['usage', 'Quotas and usage'],
  ['queue', 'Work queue'],
  ['corpus', 'Corpus'],
  ['ai', 'AI'],
  ['backups', 'Backups'],
  ['audit', 'Audit log'],
] as const;

/**
 * /admin (docs/deploy.md#the-admin-page): users, quotas, the work queue, the corpus, AI, backups and the audit log,
 * for the administrators ADMIN_EMAILS names. Anyone else sees the 404 page, as the API answers them 404.
 */
export default function AdminScreen(_props: TScreenProps) {
  const user = useCachedUser();
  const access = useAdminAccess();
  if (!user || access === 'denied') return <NotFoundScreen />;
  if (access === 'pending') return <div className="screen screen-loading" aria-busy="true" />;
  return (
    <div className="screen admin-screen">
      <header className="admin-hero">
        <p className="admin-eyebrow">Administration</p>
        <h1>Server overview</h1>
        <p className="admin-muted">Signed in as {user.email}. Every action here is written to the audit log.</p>
        <nav className="admin-toc" aria-label="Admin sections">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <UsersSection />
      <UsageSection />
      <QueueSection />
      <CorpusSection />
      <AiSection />
      <BackupsSection />
      <AuditSection />
    </div>
  );
}

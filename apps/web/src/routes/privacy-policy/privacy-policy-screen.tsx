import { Link } from 'react-router';
import type { TScreenProps } from '../../app/screen-props';
import legalStyles from '../../features/legal/legal.module.css';
import { LegalPage, LegalSection } from '../../features/legal/legal-page';

const SECTIONS = [
  { id: 'who', title: 'Who is responsible' },
  { id: 'stored', title: 'What this server stores' },
  { id: 'browser', title: 'What your browser keeps' },
  { id: 'third-parties', title: 'What is sent to others' },
  { id: 'email', title: 'Email digests' },
  { id: 'retention', title: 'How long data is kept' },
  { id: 'choices', title: 'Unsubscribing and deleting' },
] as const;

/** What is stored, row by row of the database (apps/api/src/db/schema); keep it in step with the schema. */
const STORED: readonly [string, string][] = [
  [
    'Your anonymous id',
    'Your browser gets a random 128-bit id on the first visit. The server keeps only its SHA-256 hash, with the time it was issued and last seen; the id itself is never stored here.',
  ],
  [
    'Folders and files',
    'The folders you create, their names, which papers are in them, and which you selected for chat.',
  ],
  [
    'Uploaded PDFs',
    'The PDF files you upload, their original file names, the title, authors, date and abstract you entered, and the text extracted from them so they can be searched and read.',
  ],
  [
    'Page views and clicks',
    'For each page you open: its path, title and time. When you open a paper’s details: which paper and when. They feed the page-view counter and popular papers; there are no advertising or third-party trackers.',
  ],
  ['Searches', 'The text of searches, counted without your id, to suggest popular queries as others type.'],
  ['Topics', 'The topics you follow on the Paper Monitor, and when you last looked at each.'],
  [
    'Email subscription',
    'If you subscribe: your email address, daily or weekly, the chosen topics, whether the address is confirmed, and a log of each digest (when, how many papers, delivered or failed). Links in the mails carry random tokens stored only as hashes.',
  ],
  [
    'Contact messages',
    'What you send through the contact form: the message, and the name, email and subject if you give them.',
  ],
  ['Shared lists', 'When you share a list of papers by link: the papers on it and when it was made.'],
];

/** requirements §2 /privacy-policy: what this app actually stores and sends (requirements §1, §3), and how to remove it. */
export default function PrivacyPolicyScreen({ title }: TScreenProps) {
  const [who, stored, browser, third, email, retention, choices] = SECTIONS;
  return (
    <LegalPage
      title={title}
      sections={SECTIONS}
      summary={
        <p>
          In short: you use this site without an account, under a random id whose hash is all the server knows. It keeps
          what you put into it (folders, uploads, topics, an email address if you subscribe) on the operator’s server.
          Nothing is sold, there are no ads or trackers, and you can delete it.
        </p>
      }
    >
      <LegalSection section={who} index={0}>
        <p>
          Paperbench is open-source software that anyone can run. This copy is run by its <em>operator</em>, the person
          or organisation that installed it, who decides where it is hosted and is responsible for the data described
          here. The authors of the software receive none of it. To reach the operator, use the{' '}
          <Link to="/contact">contact page</Link>.
        </p>
      </LegalSection>

      <LegalSection section={stored} index={1}>
        <table className={legalStyles['legal-table']}>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">What exactly</th>
            </tr>
          </thead>
          <tbody>
            {STORED.map(([what, detail]) => (
              <tr key={what}>
                <td>{what}</td>
                <td>{detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          The server also writes technical logs (time, address, path and status of each request) that the operator uses
          to keep it running. Your id is never written to them.
        </p>
      </LegalSection>

      <LegalSection section={browser} index={2}>
        <p>
          Local storage holds your id under the key <code>X-User-ID</code>. Session storage holds scroll positions so
          that going back returns you to where you were. No cookies are set. Clearing this site’s data in your browser
          removes them; you then get a new id, and what belonged to the old one is no longer reachable from this
          browser.
        </p>
      </LegalSection>

      <LegalSection section={third} index={3}>
        <ul>
          <li>
            <strong>arXiv.</strong> The server fetches paper metadata from arXiv to keep its collection current, and
            fetches a paper or its PDF from arXiv (or the ACL Anthology) when you open one it does not hold. These
            requests come from the server and carry nothing about you.
          </li>
          <li>
            <strong>The mail server.</strong> If you subscribe or write to the operator, the message goes out through
            the SMTP server the operator configured, which sees the addresses and the contents of the mail.
          </li>
          <li>
            <strong>Nothing else.</strong> No analytics, advertising or social-media services are used. Should the
            operator connect an AI provider, the papers and questions you send to AI features would be passed to it, and
            this page would say so.
          </li>
        </ul>
      </LegalSection>

      <LegalSection section={email} index={4}>
        <p>
          Digests are sent only after you confirm your address by following the link in a confirmation mail (double
          opt-in). Each digest lists new papers on your topics, and every mail has an unsubscribe link; mail programs
          that support one-click unsubscribe show a button for it too. An address is used for digests and nothing else.
        </p>
      </LegalSection>

      <LegalSection section={retention} index={5}>
        <p>
          Data is kept until you delete it or the operator removes it. An unconfirmed or unsubscribed address stays
          stored (so the page can show it) until you choose <em>Forget my address</em>.
        </p>
      </LegalSection>

      <LegalSection section={choices} index={6}>
        <ul>
          <li>
            Unsubscribe with the link in any digest, or on the <Link to="/subscription">subscription page</Link>, where
            you can also forget your address and its delivery log.
          </li>
          <li>
            Delete folders, files and uploads from the File List at any time; unfollow topics on the Paper Monitor.
          </li>
          <li>
            To have everything tied to your id removed (page views, clicks and contact messages included), write to the
            operator through the <Link to="/contact">contact page</Link> from the same browser.
          </li>
        </ul>
      </LegalSection>
    </LegalPage>
  );
}

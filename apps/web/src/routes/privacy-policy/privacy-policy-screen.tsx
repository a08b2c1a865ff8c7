import type { TScreenProps } from '../../app/route-table';

/** spec §2: the privacy policy, describing what this app actually stores (spec §1, §3). */
export default function PrivacyPolicyScreen({ title }: TScreenProps) {
  return (
    <article className="screen screen-narrow prose">
      <h1>{title}</h1>
      <p className="muted">Last updated: 2025</p>
      <p>
        This instance of Paperbench is self-hosted: your data is stored on the operator’s server and is not sent to the
        authors of the software.
      </p>
      <h2>What is stored</h2>
      <ul>
        <li>
          <strong>An anonymous id.</strong> Your browser receives a random id, kept in local storage as
          <code> X-User-ID</code>, that ties your folders and settings to you. The server keeps only a hash of it.
        </li>
        <li>
          <strong>What you add:</strong> folders, uploaded PDFs, comments, chat and review sessions, followed topics.
        </li>
        <li>
          <strong>Page views:</strong> the path, page title and time of each page you open, used for the page-view
          counter in the header. No advertising or third-party trackers are used.
        </li>
        <li>
          <strong>If you sign in</strong> (when the operator has enabled it): your name, email address and profile
          picture from the identity provider.
        </li>
      </ul>
      <h2>Your browser</h2>
      <p>
        Local storage holds your id and, when signed in, your profile; session storage holds scroll positions. Clearing
        your browser’s site data removes them; a new anonymous id is then issued.
      </p>
      <h2>Third parties</h2>
      <p>
        Opening a PDF or source link fetches it from its publisher (such as arXiv). If the operator configured an AI
        provider, the text of the papers and questions you send to AI features is passed to that provider.
      </p>
      <h2>Your choices</h2>
      <p>
        You can delete your folders, files and comments at any time. To have all data tied to your id removed, ask the
        operator through the Contact page.
      </p>
    </article>
  );
}

import type { TScreenProps } from '../../app/route-table';

/** spec §2: the terms of use, written for a self-hosted instance. */
export default function TermsOfUseScreen({ title }: TScreenProps) {
  return (
    <article className="screen screen-narrow prose">
      <h1>{title}</h1>
      <p className="muted">Last updated: 2025</p>
      <p>
        This is a self-hosted instance of Paperbench, an open-source research workbench. It is run by the organisation
        or person who installed it (the “operator”), not by the authors of the software. By using it you agree to these
        terms.
      </p>
      <h2>Using the service</h2>
      <ul>
        <li>You may search, read, collect and discuss papers for research, teaching and personal study.</li>
        <li>
          Do not upload material you have no right to share, try to reach other users’ private folders, or put an
          unreasonable load on the server (for example by scraping it).
        </li>
        <li>The operator may remove content or block access that breaks these rules.</li>
      </ul>
      <h2>Papers and content</h2>
      <p>
        Paper metadata and PDFs come from their publishers (such as arXiv and the ACL Anthology) and stay under their
        own licences; follow the source’s terms when you reuse them. Files, folders, comments and notes you add remain
        yours. Making a folder public, or sharing a link to a list, lets anyone with the link see it.
      </p>
      <h2>AI features</h2>
      <p>
        Summaries, answers and ideas produced by AI may be wrong or incomplete. The app labels whether a text came from
        a language model or was extracted from the papers themselves. Check important claims against the papers before
        relying on them.
      </p>
      <h2>No warranty</h2>
      <p>
        The software is provided under the MIT licence, “as is”, without warranty of any kind. The operator may change
        or stop the service at any time. Questions about this instance go to its operator, through the Contact page.
      </p>
    </article>
  );
}

import { Link } from 'react-router';
import type { TScreenProps } from '../../app/screen-props';
import { LegalPage, LegalSection } from '../../features/legal/legal-page';

const SECTIONS = [
  { id: 'operator', title: 'Who provides this service' },
  { id: 'use', title: 'Using it' },
  { id: 'content', title: 'Papers and your content' },
  { id: 'email', title: 'Email' },
  { id: 'ai', title: 'Generated text' },
  { id: 'warranty', title: 'No warranty' },
  { id: 'changes', title: 'Changes and questions' },
] as const;

/** requirements §2 /terms-of-use, written for a self-hosted instance. */
export default function TermsOfUseScreen({ title }: TScreenProps) {
  const [operator, use, content, email, ai, warranty, changes] = SECTIONS;
  return (
    <LegalPage
      title={title}
      sections={SECTIONS}
      summary={
        <p>
          In short: use this research workbench fairly, respect the licences of the papers, and keep in mind that the
          person running this copy, not the software’s authors, provides it, as is.
        </p>
      }
    >
      <LegalSection section={operator} index={0}>
        <p>
          This site runs Paperbench, open-source software under the MIT licence. It is operated by whoever installed it
          (the <em>operator</em>), who is responsible for running it, for the data it keeps (see the{' '}
          <Link to="/privacy-policy">privacy policy</Link>) and for these terms. By using the site you accept them.
        </p>
      </LegalSection>

      <LegalSection section={use} index={1}>
        <ul>
          <li>You may search, read, collect, share and discuss papers for research, teaching and study.</li>
          <li>
            Do not upload material you have no right to share, try to reach other people’s private folders, or put an
            unreasonable load on the server (for example by scraping it or scripting the contact form).
          </li>
          <li>Your id works like a password: whoever has it sees your folders. Do not post it.</li>
          <li>The operator may remove content or block access that breaks these rules.</li>
        </ul>
      </LegalSection>

      <LegalSection section={content} index={2}>
        <p>
          Paper metadata and PDFs come from their sources (such as arXiv and the ACL Anthology) and stay under their own
          licences; follow the source’s terms when you reuse them. arXiv’s metadata is in the public domain (CC0).
          Files, folders, comments and notes you add remain yours; you let the server store and show them to you and to
          the people you share them with. Making a folder public, or sharing a list by link, lets anyone with the link
          see it.
        </p>
      </LegalSection>

      <LegalSection section={email} index={3}>
        <p>
          Email digests are optional and sent only to addresses confirmed through a link. Subscribe only addresses you
          own. Every mail has an unsubscribe link, honoured at once.
        </p>
      </LegalSection>

      <LegalSection section={ai} index={4}>
        <p>
          Summaries and answers may be produced by a language model or extracted from the papers themselves; the app
          labels which. Either can be wrong or incomplete: check important claims against the papers before relying on
          them.
        </p>
      </LegalSection>

      <LegalSection section={warranty} index={5}>
        <p>
          The software and the service are provided “as is”, without warranty of any kind. The operator may change,
          interrupt or end the service at any time, and is not liable for lost data: keep copies of what matters to you.
        </p>
      </LegalSection>

      <LegalSection section={changes} index={6}>
        <p>
          When these terms change, the date at the top changes with them. Questions about this site go to its operator
          through the <Link to="/contact">contact page</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}

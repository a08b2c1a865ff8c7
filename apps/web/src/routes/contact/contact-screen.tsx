import type { TScreenProps } from '../../app/route-table';
import { ContactForm } from '../../features/contact/contact-form';
import '../../features/form-card/form-card.css';

/** spec §2 /contact: feedback or a question to the people who run this server (stored, and mailed to them). */
export default function ContactScreen({ title }: TScreenProps) {
  return (
    <section className="screen screen-narrow">
      <h1>{title}</h1>
      <p className="lead">
        A question, a bug, a paper source you miss? Write to the people who run this server. Your message is stored here
        and forwarded to them by email.
      </p>
      <ContactForm />
    </section>
  );
}

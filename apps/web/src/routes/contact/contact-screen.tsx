import type { TScreenProps } from '../../app/screen-props';
import { useContactDeliveryQuery } from '../../features/contact/api';
import { ContactForm } from '../../features/contact/contact-form';
import { describeContactDelivery } from '../../lib/contact-delivery';
import '../../features/form-card/form-card.css';

/** requirements §2 /contact: feedback or a question to the people who run this server (docs/security.md#mail: says how it arrives). */
export default function ContactScreen({ title }: TScreenProps) {
  const { data: delivery } = useContactDeliveryQuery();
  return (
    <section className="screen screen-narrow">
      <h1>{title}</h1>
      <p className="lead">
        A question, a bug, a paper source you miss? Write to the people who run this server.{' '}
        {describeContactDelivery(delivery)}
      </p>
      <ContactForm />
    </section>
  );
}

import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function ContactScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Send feedback or a question to the people who run this server.</ComingSoon>;
}

import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function ReviewScreen({ title }: TScreenProps) {
  return (
    <ComingSoon title={title}>
      Write a literature review with an AI, starting from a graph of the papers you pick.
    </ComingSoon>
  );
}

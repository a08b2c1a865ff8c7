import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function ChatScreen({ title }: TScreenProps) {
  return (
    <ComingSoon title={title}>
      Ask an AI about the papers you select in your File List, with answers that cite them.
    </ComingSoon>
  );
}

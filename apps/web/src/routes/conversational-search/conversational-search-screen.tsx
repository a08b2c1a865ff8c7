import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function ConversationalSearchScreen({ title }: TScreenProps) {
  return (
    <ComingSoon title={title}>
      Ask a research question in plain words and get papers with an answer built from them.
    </ComingSoon>
  );
}

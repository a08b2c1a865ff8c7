import type { TGenerateIdeasRequest } from '@paperbench/contract';
import { type FormEvent, useState } from 'react';
import { useUserFilesQuery } from '../../features/library/api';
import { isChatContext } from '../../lib/paper-refs';

/** The AI Scientist's request: a topic, whether to build on the selected papers, and how many ideas. */
export function IdeasForm({
  running,
  onGenerate,
}: {
  running: boolean;
  onGenerate: (request: TGenerateIdeasRequest) => void;
}) {
  const files = useUserFilesQuery();
  const [topic, setTopic] = useState('');
  const [useSelected, setUseSelected] = useState(true);
  const [count, setCount] = useState(3);
  const selected = (files.data ?? []).filter(isChatContext);

  function generate(event: FormEvent) {
    event.preventDefault();
    if (!topic.trim()) return;
    onGenerate({ topic, count, use_selected: useSelected });
  }

  return (
    <form className="sci-form form-controls" onSubmit={generate} aria-label="Generate ideas">
      <label className="sci-topic">
        <span>Topic or question</span>
        <textarea value={topic} maxLength={2000} onChange={(e) => setTopic(e.target.value)} required />
      </label>
      <div className="sci-form-row">
        <label>
          <input type="checkbox" checked={useSelected} onChange={(e) => setUseSelected(e.target.checked)} /> Use my
          selected papers
        </label>
        <label>
          Ideas{' '}
          <select value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary" disabled={running || !topic.trim()}>
          {running ? 'Generating…' : 'Generate'}
        </button>
      </div>
      <p className="muted">
        {useSelected && selected.length > 0
          ? `Building on ${selected.length} selected paper${selected.length === 1 ? '' : 's'}: ${selected.map((file) => file.filename).join('; ')}`
          : 'Building on the corpus papers nearest the topic.'}
      </p>
    </form>
  );
}

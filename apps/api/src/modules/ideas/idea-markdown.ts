import type { TIdeaProposal } from '@paperbench/contract';
import { NOVELTY_LABEL_TEXT } from './novelty-check';

const paperLine = (paper: { title: string; platform: string; paper_id: string }) =>
  `${paper.title} (${paper.platform}:${paper.paper_id})`;

/** docs/ideas.md (GET /api/ideas/{id}/export): one saved idea, its novelty check and its plan, as a Markdown file. */
export function ideaMarkdown(idea: TIdeaProposal): string {
  const check = idea.novelty_check;
  const lines = [
    `# ${idea.title}`,
    '',
    `Topic: ${idea.topic}  `,
    `Generated: ${idea.created_at} — ${idea.source === 'model' ? 'written by an AI model' : 'generated without a model (literature-based discovery)'}`,
    '',
    '## Problem',
    '',
    idea.problem,
    '',
    '## Approach',
    '',
    idea.approach,
    '',
    '## Novelty',
    '',
    idea.novelty,
    '',
    '## Experiments',
    '',
    idea.experiments,
    '',
    '## Risks',
    '',
    idea.risks,
    '',
  ];
  if (idea.scores) {
    lines.push(
      '## Scores (the model’s judgement, 1–10)',
      '',
      `- Interest: ${idea.scores.interest}`,
      `- Feasibility: ${idea.scores.feasibility}`,
      `- Novelty: ${idea.scores.novelty}`,
      '',
    );
  }
  if (idea.based_on.length > 0) {
    lines.push('## Builds on', '', ...idea.based_on.map((paper) => `${paper.n}. ${paperLine(paper)}`), '');
  }
  if (idea.evidence.length > 0) {
    lines.push('## Evidence', '');
    for (const link of idea.evidence) {
      lines.push(`- ${link.terms[0]} – ${link.terms[1]}: ${link.papers.map(paperLine).join('; ') || 'none'}`);
    }
    lines.push('');
  }
  lines.push(
    '## Novelty check',
    '',
    `**${NOVELTY_LABEL_TEXT[check.label]}** (percentile ${check.percentile} of the corpus calibration; ${check.searched} papers searched)`,
    '',
    check.rationale,
    '',
    ...check.nearest.map(
      (paper) =>
        `${paper.n}. ${paperLine(paper)} — similarity ${paper.similarity.toFixed(2)}; shared terms: ${paper.shared_terms.join(', ') || 'none'}`,
    ),
    '',
  );
  const plan = idea.plan;
  if (plan) {
    const list = (items: string[]) => (items.length > 0 ? items.map((text) => `- ${text}`) : ['- (none)']);
    lines.push(
      `## Research plan${plan.source === 'extractive' ? ' (assembled without a model)' : ''}`,
      '',
      plan.summary,
      '',
      '### Experiments',
      '',
      ...list(plan.experiments),
      '',
      '### Baselines',
      '',
      ...list(plan.baselines),
      '',
      '### Risks',
      '',
      ...list(plan.risks),
      '',
      '### Related work',
      '',
      ...list(plan.related_work.map((entry) => entry.text)),
      '',
      'Numbers in brackets refer to the novelty check’s nearest papers above.',
      '',
    );
  }
  return lines.join('\n');
}

/** A download name from the title: letters, digits and dashes. */
export function ideaFilename(idea: TIdeaProposal): string {
  const slug = idea.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `idea-${idea.id}${slug ? `-${slug}` : ''}.md`;
}

import type { TIdeaProposal } from '@paperbench/contract';
import { NOVELTY_LABEL_TEXT } from './novelty-check';

const paperLine = (paper: { title: string; platform: string; paper_id: string }) =>
  `${paper.title} (${paper.platform}:${paper.paper_id})`;

/** A section: its heading, a blank line, its lines, a blank line. */
const section = (heading: string, body: string[]) => [heading, '', ...body, ''];

const heading = (idea: TIdeaProposal) => [
  `# ${idea.title}`,
  '',
  `Topic: ${idea.topic}  `,
  `Generated: ${idea.created_at} — ${idea.source === 'model' ? 'written by an AI model' : 'generated without a model (literature-based discovery)'}`,
  '',
];

const proposal = (idea: TIdeaProposal) => [
  ...section('## Problem', [idea.problem]),
  ...section('## Approach', [idea.approach]),
  ...section('## Novelty', [idea.novelty]),
  ...section('## Experiments', [idea.experiments]),
  ...section('## Risks', [idea.risks]),
];

const scores = ({ scores }: TIdeaProposal) =>
  scores
    ? section('## Scores (the model’s judgement, 1–10)', [
        `- Interest: ${scores.interest}`,
        `- Feasibility: ${scores.feasibility}`,
        `- Novelty: ${scores.novelty}`,
      ])
    : [];

const basisAndEvidence = (idea: TIdeaProposal) => [
  ...(idea.based_on.length > 0
    ? section(
        '## Builds on',
        idea.based_on.map((paper) => `${paper.n}. ${paperLine(paper)}`),
      )
    : []),
  ...(idea.evidence.length > 0
    ? section(
        '## Evidence',
        idea.evidence.map(
          (link) => `- ${link.terms[0]} – ${link.terms[1]}: ${link.papers.map(paperLine).join('; ') || 'none'}`,
        ),
      )
    : []),
];

const noveltyCheck = ({ novelty_check: check }: TIdeaProposal) =>
  section('## Novelty check', [
    `**${NOVELTY_LABEL_TEXT[check.label]}** (percentile ${check.percentile} of the corpus calibration; ${check.searched} papers searched)`,
    '',
    check.rationale,
    '',
    ...check.nearest.map(
      (paper) =>
        `${paper.n}. ${paperLine(paper)} — similarity ${paper.similarity.toFixed(2)}; shared terms: ${paper.shared_terms.join(', ') || 'none'}`,
    ),
  ]);

const researchPlan = ({ plan }: TIdeaProposal) => {
  if (!plan) return [];
  const list = (items: string[]) => (items.length > 0 ? items.map((text) => `- ${text}`) : ['- (none)']);
  return [
    ...section(`## Research plan${plan.source === 'extractive' ? ' (assembled without a model)' : ''}`, [plan.summary]),
    ...section('### Experiments', list(plan.experiments)),
    ...section('### Baselines', list(plan.baselines)),
    ...section('### Risks', list(plan.risks)),
    ...section('### Related work', list(plan.related_work.map((entry) => entry.text))),
    'Numbers in brackets refer to the novelty check’s nearest papers above.',
    '',
  ];
};

/** docs/ideas.md (GET /api/ideas/{id}/export): one saved idea, its novelty check and its plan, as a Markdown file. */
export function ideaMarkdown(idea: TIdeaProposal): string {
  return [
    ...heading(idea),
    ...proposal(idea),
    ...scores(idea),
    ...basisAndEvidence(idea),
    ...noveltyCheck(idea),
    ...researchPlan(idea),
  ].join('\n');
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

import { describe, expect, it } from 'vitest';
import {
  PROPOSAL_OPTIONS,
  type ProposalPaper,
  pairKey,
  proposeEdges,
  sparseCosine,
  surfaceForms,
  tfidfVectors,
} from './edge-proposals';

const paper = (id: string, text: string, year: number | null = null): ProposalPaper => ({
  ref: { platform: 'arxiv', paper_id: id },
  text,
  year,
});

const SPECTER =
  'SPECTER learns document embeddings of scientific papers by pretraining a transformer on the citation graph. Citation embeddings of papers.';
const SCIBERT =
  'SciBERT pretrains a transformer language model on scientific papers; its document embeddings help citation prediction.';
const GHANA =
  'The survey covered patients in Ghana. Waiting time at outpatient clinics was the main complaint about health services.';
const MALARIA = 'Malaria patients at rural clinics in Ghana reported long waiting times for health services.';

describe('tf-idf vectors and cosine', () => {
  it('gives identical texts cosine 1 and texts with no shared term cosine 0', () => {
    const [a, b, c] = tfidfVectors([
      ['graph', 'citat', 'graph'],
      ['graph', 'citat', 'graph'],
      ['malaria', 'ghana'],
    ]);
    expect(sparseCosine(a as Map<string, number>, b as Map<string, number>)).toBeCloseTo(1, 10);
    expect(sparseCosine(a as Map<string, number>, c as Map<string, number>)).toBe(0);
  });

  it('weighs a term shared by every paper less than a rarer one', () => {
    const [a] = tfidfVectors([['common', 'rare'], ['common'], ['common']]);
    expect((a?.get('rare') ?? 0) > (a?.get('common') ?? 0)).toBe(true);
  });
});

describe('proposeEdges', () => {
  it('proposes the similar pairs, most similar first, not the unrelated ones', () => {
    const papers = [
      paper('specter', SPECTER),
      paper('ghana', GHANA),
      paper('scibert', SCIBERT),
      paper('malaria', MALARIA),
    ];
    const proposals = proposeEdges(papers, new Set());
    const pairs = proposals.map((p) => [p.source.paper_id, p.target.paper_id].sort().join('+'));
    expect(pairs.sort()).toEqual(['ghana+malaria', 'scibert+specter']);
    for (const proposal of proposals) {
      expect(proposal.similarity).toBeGreaterThanOrEqual(PROPOSAL_OPTIONS.threshold);
      expect(proposal.similarity).toBeLessThanOrEqual(1);
    }
    const specterPair = proposals.find((p) => p.source.paper_id === 'specter' || p.target.paper_id === 'specter');
    // Shown as words people read, not stems.
    expect(specterPair?.sharedTerms).toEqual(expect.arrayContaining(['citation', 'embeddings']));
    expect(specterPair?.sharedTerms.length).toBeLessThanOrEqual(PROPOSAL_OPTIONS.sharedTerms);
  });

  it('shows meaningful shared terms, never citation boilerplate or stop words', () => {
    // Two papers that cite the same work in the usual way: "et al." and "using" are in both, often.
    const cites = 'Smith et al. (2020) and Jones et al. (2021), using the method of Lee et al., using their code.';
    const [proposal] = proposeEdges(
      [
        paper('a', `Protein language models design enzymes. ${cites} ${cites}`),
        paper('b', `Enzymes are designed with protein language models. ${cites} ${cites}`),
      ],
      new Set(),
      { ...PROPOSAL_OPTIONS, sharedTerms: 10 },
    );
    expect(proposal?.sharedTerms).toEqual(expect.arrayContaining(['protein', 'language', 'enzymes']));
    for (const boilerplate of ['et', 'al', 'using', 'the', 'and', 'of']) {
      expect(proposal?.sharedTerms).not.toContain(boilerplate);
    }
  });

  it('skips pairs that already have a row, in either direction', () => {
    const papers = [paper('specter', SPECTER), paper('scibert', SCIBERT)];
    const linked = new Set([
      pairKey({ platform: 'arxiv', paper_id: 'scibert' }, { platform: 'arxiv', paper_id: 'specter' }),
    ]);
    expect(proposeEdges(papers, linked)).toEqual([]);
    expect(proposeEdges(papers, new Set())).toHaveLength(1);
  });

  it('points from the later paper to the earlier; same or unknown year: from the one added later', () => {
    const [dated] = proposeEdges([paper('old', SPECTER, 2020), paper('new', SCIBERT, 2019)], new Set());
    expect([dated?.source.paper_id, dated?.target.paper_id]).toEqual(['old', 'new']);
    const [undated] = proposeEdges([paper('first', SPECTER), paper('second', SCIBERT)], new Set());
    expect([undated?.source.paper_id, undated?.target.paper_id]).toEqual(['second', 'first']);
  });

  it('keeps at most maxPerNode proposals per paper and maxTotal in all', () => {
    const same = Array.from({ length: 8 }, (_, i) => paper(`p${i}`, `${SPECTER} variant${i}`));
    const proposals = proposeEdges(same, new Set());
    expect(proposals.length).toBeLessThanOrEqual(PROPOSAL_OPTIONS.maxTotal);
    const touches = new Map<string, number>();
    for (const p of proposals) {
      for (const id of [p.source.paper_id, p.target.paper_id]) touches.set(id, (touches.get(id) ?? 0) + 1);
    }
    expect(Math.max(...touches.values())).toBeLessThanOrEqual(PROPOSAL_OPTIONS.maxPerNode);
    // All 28 pairs pass the threshold; the per-paper cap, not the threshold, bounds them.
    expect(proposals.length).toBeGreaterThan(PROPOSAL_OPTIONS.maxPerNode);
    const few = proposeEdges(same, new Set(), { ...PROPOSAL_OPTIONS, maxTotal: 3 });
    expect(few).toHaveLength(3);
  });

  it('proposes nothing below the threshold, or for fewer than two papers', () => {
    expect(proposeEdges([paper('a', SPECTER), paper('b', GHANA)], new Set())).toEqual([]);
    expect(proposeEdges([paper('a', SPECTER)], new Set())).toEqual([]);
    expect(proposeEdges([], new Set())).toEqual([]);
  });
});

describe('surfaceForms', () => {
  it('shows each stem as its most frequent spelling', () => {
    const forms = surfaceForms(['Embeddings and embeddings; an embedding.'], new Set(['embed']));
    expect(forms.get('embed')).toBe('embeddings');
  });
});

describe('proposeEdges with citations', () => {
  it("proposes every citation first (kind 'cites', citing → cited), then overlap pairs not already cited", () => {
    const papers = [paper('specter', SPECTER), paper('scibert', SCIBERT), paper('ghana', GHANA)];
    const cites = [{ source: papers[0]?.ref, target: papers[2]?.ref }] as {
      source: ProposalPaper['ref'];
      target: ProposalPaper['ref'];
    }[];
    const proposals = proposeEdges(papers, new Set(), PROPOSAL_OPTIONS, cites);
    expect(proposals.map((p) => [p.kind, p.source.paper_id, p.target.paper_id])).toEqual([
      ['cites', 'specter', 'ghana'],
      ['overlap', 'scibert', 'specter'],
    ]);
    // A citation whose pair is already linked, or a pair cited and alike, is proposed once.
    const both = proposeEdges(papers, new Set(), PROPOSAL_OPTIONS, [
      { source: papers[0]?.ref as ProposalPaper['ref'], target: papers[1]?.ref as ProposalPaper['ref'] },
    ]);
    expect(both.map((p) => p.kind)).toEqual(['cites']);
    expect(
      proposeEdges(
        papers,
        new Set([pairKey(papers[0]?.ref as ProposalPaper['ref'], papers[2]?.ref as ProposalPaper['ref'])]),
        PROPOSAL_OPTIONS,
        cites,
      ).map((p) => p.kind),
    ).toEqual(['overlap']);
  });
});

import { paperRefKey, type TPaperRef } from '@paperbench/contract';

export interface GraphGroup {
  /** 'g1', 'g2', … in the order of the group's first paper in the session. */
  id: string;
  /** Keys (paperRefKey) of the group's papers, in session order. */
  papers: string[];
  /** The distinct non-empty labels of the group's edges, in edge order. */
  labels: string[];
  /** The edges inside the group, by paper key, for the prompt ("A extends B"). */
  edges: { source: string; target: string; label: string }[];
  /** True for the group of the papers no edge touches. */
  isolated: boolean;
}

/**
 * The outline's groups (docs/review.md#writing): connected components of the user's accepted edges,
 * read undirected (an edge says two papers belong together, whichever way it points). Papers no edge
 * touches are gathered into one group of their own, listed last, rather than one section per paper; when
 * no paper has an edge, that group is all the papers. Edges whose ends are not papers of the session are
 * ignored (the schema's foreign keys make them impossible; this keeps the function total).
 */
export function graphGroups(
  papers: readonly TPaperRef[],
  edges: readonly { source: TPaperRef; target: TPaperRef; label: string }[],
): GraphGroup[] {
  const order = papers.map(paperRefKey);
  const known = new Set(order);
  const parent = new Map(order.map((key) => [key, key]));
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(key, root);
    return root;
  };
  const inside = edges
    .map((edge) => ({ source: paperRefKey(edge.source), target: paperRefKey(edge.target), label: edge.label.trim() }))
    .filter((edge) => known.has(edge.source) && known.has(edge.target) && edge.source !== edge.target);
  for (const edge of inside) {
    const [a, b] = [find(edge.source), find(edge.target)];
    // The root is the earlier paper, so a group's id follows its first paper.
    if (a !== b) order.indexOf(a) < order.indexOf(b) ? parent.set(b, a) : parent.set(a, b);
  }
  const linked = new Set(inside.flatMap((edge) => [edge.source, edge.target]));
  const components = new Map<string, string[]>();
  const isolated: string[] = [];
  for (const key of order) {
    if (!linked.has(key)) isolated.push(key);
    else components.set(find(key), [...(components.get(find(key)) ?? []), key]);
  }
  const groups = [...components.values()].map((members) => {
    const memberSet = new Set(members);
    const groupEdges = inside.filter((edge) => memberSet.has(edge.source));
    // 'Extends' and 'extends' are one relation; the first spelling is kept.
    const labels = new Map<string, string>();
    for (const { label } of groupEdges)
      if (label && !labels.has(label.toLowerCase())) labels.set(label.toLowerCase(), label);
    return { papers: members, labels: [...labels.values()], edges: groupEdges, isolated: false };
  });
  if (isolated.length > 0) groups.push({ papers: isolated, labels: [], edges: [], isolated: true });
  return groups.map((group, index) => ({ id: `g${index + 1}`, ...group }));
}

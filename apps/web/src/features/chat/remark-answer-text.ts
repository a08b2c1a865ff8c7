import type { Root, RootContent } from 'mdast';

/** The class of the spans that carry answer text; AnswerMarkdown renders them with citations and math. */
export const ANSWER_TEXT_CLASS = 'answer-text';

type TParent = Extract<RootContent, { children: unknown }> | Root;

/**
 * A remark plugin: every text node becomes `<span class="answer-text">` holding its text, so the
 * renderer can turn `[n]` into citation chips and `$…$` into KaTeX without ever parsing HTML.
 * Neighbouring text nodes are joined first (the parser may cut "[1]" into "[" and "1]").
 */
export function remarkAnswerText() {
  return (tree: Root) => wrapTexts(tree);
}

function wrapTexts(parent: TParent) {
  const merged: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    const previous = merged.at(-1);
    if (child.type === 'text' && previous?.type === 'text') previous.value += child.value;
    else merged.push(child);
  }
  for (const child of merged) {
    if (child.type === 'text') {
      child.data = { hName: 'span', hProperties: { className: [ANSWER_TEXT_CLASS] } };
    } else if ('children' in child) {
      wrapTexts(child);
    }
  }
  (parent as { children: RootContent[] }).children = merged;
}

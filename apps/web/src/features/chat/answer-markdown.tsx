import ReactMarkdown, { type Components } from 'react-markdown';
import { AnswerText } from './answer-text';
import { ANSWER_TEXT_CLASS, remarkAnswerText } from './remark-answer-text';
import './answer.css';

const REMARK_PLUGINS = [remarkAnswerText];

/** Links leave the app in a new tab; answer text gets citations and math. */
const COMPONENTS: Components = {
  span: ({ node: _node, className, children }) =>
    className === ANSWER_TEXT_CLASS ? (
      <AnswerText text={String(children)} />
    ) : (
      <span className={className}>{children}</span>
    ),
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * An answer as Markdown. Safe by construction: react-markdown builds React elements (raw HTML in the
 * text is not rendered), drops unsafe link protocols, and images are left out so an answer cannot
 * load anything from elsewhere.
 */
export function AnswerMarkdown({ text }: { text: string }) {
  return (
    <div className="answer-markdown">
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        components={COMPONENTS}
        disallowedElements={['img']}
        unwrapDisallowed
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

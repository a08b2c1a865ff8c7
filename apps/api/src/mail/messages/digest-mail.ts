import { escapeHtml } from '../../lib/escape-html';
import { htmlButton, type MailFooter, renderHtmlMail, renderTextFooter } from '../mail-layout';

export interface DigestPaper {
  title: string;
  authors: readonly string[];
  publishedDate: string | null;
  abstract: string | null;
  url: string;
}

export interface DigestGroup {
  topic: string;
  /** Why these papers are here (topicReason). */
  reason: string;
  papers: readonly DigestPaper[];
  /** Matches beyond the ones listed. */
  more: number;
}

export interface DigestMailInput {
  groups: readonly DigestGroup[];
  /** Distinct papers over all groups. */
  total: number;
  frequency: 'daily' | 'weekly';
  feedUrl: string;
  subscriptionUrl: string;
  unsubscribeUrl: string;
}

const plural = (n: number, word: string) => `${n} new ${word}${n === 1 ? '' : 's'}`;

/** "graph neural networks, cs.CL" or "a, b, c and 2 more". */
function topicList(topics: readonly string[]): string {
  if (topics.length <= 3) return topics.join(', ');
  return `${topics.slice(0, 3).join(', ')} and ${topics.length - 3} more`;
}

const authorLine = (authors: readonly string[]) =>
  authors.length === 0
    ? 'Unknown authors'
    : authors.length > 3
      ? `${authors.slice(0, 3).join(', ')} et al.`
      : authors.join(', ');

const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`);

export function digestSubject(total: number, topics: readonly string[]): string {
  return `Paperbench digest: ${plural(total, 'paper')} on ${topicList(topics)}`;
}

function paperText(paper: DigestPaper): string {
  const date = paper.publishedDate ? ` (${paper.publishedDate})` : '';
  return `- ${paper.title}${date}\n  ${authorLine(paper.authors)}\n  ${paper.url}`;
}

function paperHtml(paper: DigestPaper): string {
  const date = paper.publishedDate ? ` · ${escapeHtml(paper.publishedDate)}` : '';
  const abstract = paper.abstract
    ? `<div style="margin-top:4px;font-size:13px;line-height:1.5;color:#475569">${escapeHtml(shorten(paper.abstract, 240))}</div>`
    : '';
  return `<li style="margin:0 0 16px">
<a href="${escapeHtml(paper.url)}" style="font-weight:600;color:#4338ca;text-decoration:none;line-height:1.4">${escapeHtml(paper.title)}</a>
<div style="margin-top:2px;font-size:13px;color:#64748b">${escapeHtml(authorLine(paper.authors))}${date}</div>${abstract}
</li>`;
}

function groupHtml(group: DigestGroup, feedUrl: string): string {
  const more =
    group.more > 0
      ? `<p style="margin:0 0 8px;font-size:13px"><a href="${escapeHtml(feedUrl)}" style="color:#4f46e5">and ${group.more} more in your feed</a></p>`
      : '';
  return `<h2 style="margin:28px 0 2px;font-size:17px">${escapeHtml(group.topic)} <span style="font-weight:400;color:#64748b">· ${group.papers.length + group.more}</span></h2>
<p style="margin:0 0 12px;font-size:12px;color:#94a3b8">${escapeHtml(group.reason)}</p>
<ul style="margin:0;padding:0;list-style:none">${group.papers.map(paperHtml).join('\n')}</ul>${more}`;
}

/** The digest: new papers grouped by the topic that selected them, each linking to its page on this server. */
export function buildDigestMail(input: DigestMailInput) {
  const { groups, total, frequency, feedUrl, subscriptionUrl, unsubscribeUrl } = input;
  const subject = digestSubject(
    total,
    groups.map((group) => group.topic),
  );
  const footer: MailFooter = {
    reason: `You get this mail because you subscribed to Paperbench digests. Change them at ${subscriptionUrl}.`,
    unsubscribeUrl,
  };
  const since = frequency === 'daily' ? 'since your last digest' : 'this week';
  const intro = `${plural(total, 'paper')} ${since} on the topics you follow.`;
  const text =
    `${intro}\n` +
    groups
      .map((group) => {
        const more = group.more > 0 ? `\n  …and ${group.more} more: ${feedUrl}` : '';
        return `\n== ${group.topic} (${group.papers.length + group.more}) ==\n${group.papers.map(paperText).join('\n')}${more}`;
      })
      .join('\n') +
    renderTextFooter(footer);
  const html = renderHtmlMail({
    title: subject,
    footer,
    body: `<h1 style="margin:0 0 8px;font-size:22px">Your ${frequency} digest</h1>
<p style="margin:0;line-height:1.6;color:#334155">${escapeHtml(intro)}</p>
${groups.map((group) => groupHtml(group, feedUrl)).join('\n')}
<p style="margin:28px 0 0">${htmlButton(feedUrl, 'Open your feed')}</p>`,
  });
  return { subject, text, html };
}

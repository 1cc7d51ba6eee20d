import type { ReactNode } from 'react';
import { parseMarkdown } from './blocks';
import type { InlineNode } from './inline';

/** What every link written in a description carries: it is the member's, not ours (SPEC decision 30). */
export const USER_LINK_REL = 'nofollow ugc noopener';

function inline(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'em':
        return <em key={index}>{inline(node.children)}</em>;
      case 'strong':
        return <strong key={index}>{inline(node.children)}</strong>;
      case 'link':
        return (
          <a key={index} href={node.href} rel={USER_LINK_REL}>
            {inline(node.children)}
          </a>
        );
    }
  });
}

/**
 * A member's text in the Markdown subset of SPEC decision 30, as React elements (never as HTML): the
 * same elements on the server and in the browser, since both parse the same text with the same code.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {parseMarkdown(text).map((block, index) => {
        if (block.type === 'paragraph') return <p key={index}>{inline(block.children)}</p>;
        const items = block.items.map((item, n) => <li key={n}>{inline(item)}</li>);
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      })}
    </div>
  );
}

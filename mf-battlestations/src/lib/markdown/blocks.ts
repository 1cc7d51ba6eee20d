import { parseInline, type InlineNode } from './inline';

/**
 * The block half of the description's Markdown subset (SPEC decision 30): paragraphs (their line breaks
 * kept, as descriptions always showed them), and bulleted (-, *, +) and numbered (1. or 1)) lists. An
 * indented line continues the list item above it; a line that is not indented ends the list. Headings,
 * quotes, code and tables are not in the subset: they show as the text they were written as.
 */
export type Block = { type: 'paragraph'; children: InlineNode[] } | { type: 'list'; ordered: boolean; start: number; items: InlineNode[][] };

interface ListItemLine {
  ordered: boolean;
  number: number;
  content: string;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A list item's marker and content ("- a", "2. b", "3) c"), or null. At most three spaces before the marker. */
function listItem(line: string): ListItemLine | null {
  const indent = indentOf(line);
  if (indent > 3) return null;
  const rest = line.slice(indent);
  if ('-*+'.includes(rest[0] ?? 'x') && (rest[1] === ' ' || rest[1] === '\t')) {
    const content = rest.slice(2).trim();
    return content ? { ordered: false, number: 1, content } : null;
  }
  let digits = 0;
  while (digits < rest.length && digits < 10 && rest[digits] >= '0' && rest[digits] <= '9') digits += 1;
  if (digits === 0 || digits > 9 || (rest[digits] !== '.' && rest[digits] !== ')') || (rest[digits + 1] !== ' ' && rest[digits + 1] !== '\t')) return null;
  const content = rest.slice(digits + 2).trim();
  return content ? { ordered: true, number: Number(rest.slice(0, digits)), content } : null;
}

type Open = { type: 'paragraph'; lines: string[] } | { type: 'list'; ordered: boolean; start: number; items: string[][] };

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let open: Open | null = null;
  const close = () => {
    if (open?.type === 'paragraph') blocks.push({ type: 'paragraph', children: parseInline(open.lines.join('\n')) });
    if (open?.type === 'list') blocks.push({ type: 'list', ordered: open.ordered, start: open.start, items: open.items.map((lines) => parseInline(lines.join('\n'))) });
    open = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      close();
      continue;
    }
    const item = listItem(line);
    // A numbered line interrupts a paragraph only from 1 ("2019. was a good year" stays text).
    const startsList = item && !(open?.type === 'paragraph' && item.ordered && item.number !== 1);
    if (item && startsList) {
      const current = open as Open | null;
      if (current?.type === 'list' && current.ordered === item.ordered) current.items.push([item.content]);
      else {
        close();
        open = { type: 'list', ordered: item.ordered, start: item.number, items: [[item.content]] };
      }
    } else if (open?.type === 'list' && indentOf(line) >= 2) {
      open.items[open.items.length - 1].push(line.trim());
    } else if (open?.type === 'paragraph') {
      open.lines.push(line.trim());
    } else {
      close();
      open = { type: 'paragraph', lines: [line.trim()] };
    }
  }
  close();
  return blocks;
}

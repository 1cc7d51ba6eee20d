/**
 * The inline half of the description's Markdown subset (SPEC decision 30): *em*, **strong** (or _ and __),
 * [text](http…) links, bare http(s) URLs, backslash escapes and line breaks. Everything else is text: raw
 * HTML stays text (React escapes it), `![x](y)` is a "!" and a link, never an image, and a link to any other
 * scheme (javascript:, data:, …) stays the text it was written as.
 *
 * Linear in the input: brackets are paired and the end of every link destination is found in one pass each,
 * emphasis is paired by the delimiter-stack method (each delimiter is passed over a bounded number of times),
 * and no regular expression runs over user text with a quantifier that could backtrack.
 */

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'em' | 'strong'; children: InlineNode[] }
  | { type: 'link'; href: string; children: InlineNode[] };

/** Longest link address kept as a link (SPEC decision 11: URLs at most 2,048 characters). */
const MAX_HREF = 2048;
/** Emphasis and links nest at most this deep; deeper delimiters stay text (and React's tree stays shallow). */
const MAX_DEPTH = 6;

const ESCAPABLE = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
const TRAILING = new Set('.,:;!?\'"*_');

const isSpace = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0';
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** The address if it is an http(s) URL a link may point to, else null. */
export function safeHref(candidate: string): string | null {
  if (candidate.length > MAX_HREF || !/^https?:\/\/[^\s/?#]/i.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? candidate : null;
  } catch {
    return null;
  }
}

/** Facts about the whole block's text, computed once: bracket pairs and where each link destination ends. */
interface Scan {
  text: string;
  /** For an opening '[', the index of its matching ']' (escapes skipped), else -1. */
  closing: Int32Array;
  /** The first index at or after i holding ')' or white space (text.length when none). */
  stop: Int32Array;
  /** The first index at or after i holding white space or '<' (text.length when none). */
  urlStop: Int32Array;
}

function scan(text: string): Scan {
  const closing = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '[') open.push(i);
    else if (c === ']' && open.length > 0) closing[open.pop()!] = i;
  }
  const stop = new Int32Array(text.length + 1);
  stop[text.length] = text.length;
  const urlStop = new Int32Array(text.length + 1);
  urlStop[text.length] = text.length;
  for (let i = text.length - 1; i >= 0; i -= 1) {
    stop[i] = text[i] === ')' || isSpace(text[i]) ? i : stop[i + 1];
    urlStop[i] = text[i] === '<' || isSpace(text[i]) ? i : urlStop[i + 1];
  }
  return { text, closing, stop, urlStop };
}

interface Delimiter {
  char: '*' | '_';
  count: number;
  canOpen: boolean;
  canClose: boolean;
}

/** A node of the working list: a finished node or a run of delimiters not yet paired. */
interface Item {
  node: InlineNode | null;
  delim: Delimiter | null;
  depth: number;
  /** Order in the source, to compare positions after pairs were folded. */
  seq: number;
  prev: Item | null;
  next: Item | null;
}

class ItemList {
  head: Item | null = null;
  tail: Item | null = null;
  private seq = 0;

  push(node: InlineNode | null, delim: Delimiter | null = null, depth = 0): Item {
    const item: Item = { node, delim, depth, seq: this.seq++, prev: this.tail, next: null };
    if (this.tail) this.tail.next = item;
    else this.head = item;
    this.tail = item;
    return item;
  }

  unlink(item: Item): void {
    if (item.prev) item.prev.next = item.next;
    else this.head = item.next;
    if (item.next) item.next.prev = item.prev;
    else this.tail = item.prev;
  }
}

const textOf = (item: Item): InlineNode[] => (item.node ? [item.node] : item.delim && item.delim.count > 0 ? [{ type: 'text', text: item.delim.char.repeat(item.delim.count) }] : []);

/** Adjacent text merged into one node. */
function finish(list: ItemList): InlineNode[] {
  const nodes: InlineNode[] = [];
  for (let item = list.head; item; item = item.next) {
    for (const node of textOf(item)) {
      const last = nodes[nodes.length - 1];
      if (node.type === 'text' && last?.type === 'text') last.text += node.text;
      else nodes.push(node.type === 'text' ? { ...node } : node);
    }
  }
  return nodes;
}

/** Pairs emphasis delimiters, innermost first (closers left to right, each with the nearest opener before it). */
function pairEmphasis(list: ItemList): void {
  // At or below this position no opener of that character is left to find.
  const bottom: Record<string, number> = { '*': -1, _: -1 };
  let closer = list.head;
  while (closer) {
    const next: Item | null = closer.next;
    const close = closer.delim;
    while (close?.canClose && close.count > 0) {
      let opener: Item | null = closer.prev;
      let depth = 0;
      while (opener && opener.seq > bottom[close.char] && !(opener.delim?.canOpen && opener.delim.char === close.char && opener.delim.count > 0)) {
        depth = Math.max(depth, opener.depth);
        opener = opener.prev;
      }
      if (!opener || opener.seq <= bottom[close.char] || depth >= MAX_DEPTH) {
        bottom[close.char] = closer.prev?.seq ?? -1;
        break;
      }
      const open = opener.delim!;
      const use = open.count >= 2 && close.count >= 2 ? 2 : 1;
      const inner = new ItemList();
      for (let item: Item | null = opener.next; item && item !== closer; item = item.next) inner.push(textOf(item)[0] ?? null);
      const wrapped: Item = { node: { type: use === 2 ? 'strong' : 'em', children: finish(inner) }, delim: null, depth: depth + 1, seq: opener.seq, prev: opener, next: closer };
      opener.next = wrapped;
      closer.prev = wrapped;
      open.count -= use;
      close.count -= use;
      if (open.count === 0) list.unlink(opener);
    }
    if (close && close.count === 0) list.unlink(closer);
    closer = next;
  }
}

/**
 * Where a bare URL starting at `at` ends: before white space or '<' (`info.urlStop`), closing punctuation
 * left to the sentence, and a ')' only if the URL opened one. -1 when it is too long to be a link (so no
 * start of a URL costs more than a bounded look at the text after it).
 */
function bareUrlEnd(info: Scan, at: number, end: number): number {
  let stop = Math.min(info.urlStop[at], end);
  if (stop - at > MAX_HREF + 32) return -1;
  let balance = 0;
  for (let i = at; i < stop; i += 1) balance += info.text[i] === '(' ? 1 : info.text[i] === ')' ? -1 : 0;
  for (;;) {
    const last = info.text[stop - 1];
    if (TRAILING.has(last)) stop -= 1;
    else if (last === ')' && balance < 0) {
      stop -= 1;
      balance += 1;
    } else return stop;
  }
}

const startsUrl = (text: string, i: number) => (text[i] === 'h' || text[i] === 'H') && /^https?:\/\//i.test(text.slice(i, i + 8));

/** The inline nodes of text[from, to); links inside a link's text are not links. */
function parseRange(info: Scan, from: number, to: number, links: boolean): { nodes: InlineNode[]; depth: number } {
  const { text } = info;
  const list = new ItemList();
  let plain = '';
  let depth = 0;
  const flush = () => {
    if (plain) list.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = from;
  while (i < to) {
    const c = text[i];
    if (c === '\\' && i + 1 < to && ESCAPABLE.has(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
    } else if (c === '\n') {
      flush();
      list.push({ type: 'break' });
      i += 1;
    } else if (c === '*' || c === '_') {
      let j = i;
      while (j < to && text[j] === c) j += 1;
      const before = i > from ? text[i - 1] : undefined;
      const after = j < to ? text[j] : undefined;
      const flankOpen = !isSpace(after);
      const flankClose = !isSpace(before);
      flush();
      list.push(null, {
        char: c,
        count: j - i,
        canOpen: flankOpen && (c === '*' || !isWordChar(before)),
        canClose: flankClose && (c === '*' || !isWordChar(after)),
      });
      i = j;
    } else if (links && c === '[' && info.closing[i] > i && info.closing[i] < to && text[info.closing[i] + 1] === '(') {
      const close = info.closing[i];
      const destEnd = info.stop[close + 2];
      const href = destEnd < to && text[destEnd] === ')' && destEnd - close - 2 <= MAX_HREF ? safeHref(text.slice(close + 2, destEnd)) : null;
      if (href) {
        const label = parseRange(info, i + 1, close, false);
        flush();
        list.push({ type: 'link', href, children: label.nodes.length > 0 ? label.nodes : [{ type: 'text', text: href }] }, null, label.depth + 1);
        depth = Math.max(depth, label.depth + 1);
        i = destEnd + 1;
      } else {
        plain += c;
        i += 1;
      }
    } else if (links && startsUrl(text, i) && (i === from || isSpace(text[i - 1]) || '(<"\'*_'.includes(text[i - 1]))) {
      const stop = bareUrlEnd(info, i, to);
      const href = stop > i ? safeHref(text.slice(i, stop)) : null;
      if (href) {
        flush();
        list.push({ type: 'link', href, children: [{ type: 'text', text: href }] }, null, 1);
        depth = Math.max(depth, 1);
        i = stop;
      } else {
        plain += c;
        i += 1;
      }
    } else {
      plain += c;
      i += 1;
    }
  }
  flush();
  pairEmphasis(list);
  for (let item = list.head; item; item = item.next) depth = Math.max(depth, item.depth);
  return { nodes: finish(list), depth };
}

/** The inline nodes of one block's text (its lines joined with '\n', which become line breaks). */
export function parseInline(text: string): InlineNode[] {
  return parseRange(scan(text), 0, text.length, true).nodes;
}

import { parseMarkdown } from './blocks';
import { parseInline, safeHref, type InlineNode } from './inline';

/** The nodes as compact text: <em>, <strong>, <a href>, <br>; text as is. */
function show(nodes: InlineNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'break') return '<br>';
      if (node.type === 'link') return `<a ${node.href}>${show(node.children)}</a>`;
      return `<${node.type}>${show(node.children)}</${node.type}>`;
    })
    .join('');
}
const md = (text: string) => show(parseInline(text));

describe('emphasis', () => {
  it.each([
    ['*em* and **strong**', '<em>em</em> and <strong>strong</strong>'],
    ['_em_ and __strong__', '<em>em</em> and <strong>strong</strong>'],
    ['***both***', '<em><strong>both</strong></em>'],
    ['*a **b** c*', '<em>a <strong>b</strong> c</em>'],
    ['**a *b* c**', '<strong>a <em>b</em> c</strong>'],
    ['in*side*word', 'in<em>side</em>word'],
  ])('%s', (input, output) => expect(md(input)).toBe(output));

  it.each([
    ['snake_case_name', 'snake_case_name'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['**not closed', '**not closed'],
    ['a * b', 'a * b'],
    ['\\*not em\\*', '*not em*'],
    ['** spaced **', '** spaced **'],
  ])('leaves %s as text', (input, output) => expect(md(input)).toBe(output));
});

describe('links', () => {
  it('links [text](http…) and bare http(s) URLs, keeping sentence punctuation out', () => {
    expect(md('[my *desk*](https://example.com/a?b=1)')).toBe('<a https://example.com/a?b=1>my <em>desk</em></a>');
    expect(md('see https://example.com/x, or (http://example.org/y).')).toBe(
      'see <a https://example.com/x>https://example.com/x</a>, or (<a http://example.org/y>http://example.org/y</a>).',
    );
    expect(md('https://en.wikipedia.org/wiki/Desk_(furniture) ok')).toBe(
      '<a https://en.wikipedia.org/wiki/Desk_(furniture)>https://en.wikipedia.org/wiki/Desk_(furniture)</a> ok',
    );
    expect(md('[x]( https://example.com)')).toBe('[x]( <a https://example.com>https://example.com</a>)');
    expect(md('HTTPS://EXAMPLE.COM')).toBe('<a HTTPS://EXAMPLE.COM>HTTPS://EXAMPLE.COM</a>');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JavaScript:alert(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](vbscript:msgbox)',
    '[x](//evil.example.com)',
    '[x](/relative)',
    '[x](https://)',
    'javascript:alert(1)',
    '<a href="javascript:alert(1)">x</a>',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
  ])('keeps %s as the text it was written as', (input) => {
    expect(md(input)).toBe(input);
  });

  it('never makes an image: ![alt](url) is a "!" and a link', () => {
    expect(md('![alt](https://example.com/a.png)')).toBe('!<a https://example.com/a.png>alt</a>');
  });

  it('pairs nested brackets and links nothing inside a link', () => {
    expect(md('[a [b] c](https://example.com)')).toBe('<a https://example.com>a [b] c</a>');
    expect(md('[[x](https://a.example)](https://b.example)')).toBe('<a https://b.example>[x](https://a.example)</a>');
    expect(md('[see https://a.example](https://b.example)')).toBe('<a https://b.example>see https://a.example</a>');
    expect(md('[[[x]')).toBe('[[[x]');
    expect(md('[x]] (https://a.example)')).toBe('[x]] (<a https://a.example>https://a.example</a>)');
  });

  it('accepts only http and https addresses of at most 2,048 characters', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('http://example.com/a b')).toBe('http://example.com/a b');
    expect(safeHref('ftp://example.com')).toBeNull();
    expect(safeHref(`https://example.com/${'a'.repeat(2048)}`)).toBeNull();
  });
});

it('turns line breaks into breaks and unescapes backslash escapes', () => {
  expect(md('one\ntwo \\[three\\]')).toBe('one<br>two [three]');
});

describe('blocks', () => {
  const blocks = (text: string) =>
    parseMarkdown(text).map((block) => (block.type === 'paragraph' ? `p(${show(block.children)})` : `${block.ordered ? `ol${block.start}` : 'ul'}(${block.items.map(show).join('|')})`));

  it('splits paragraphs at blank lines and keeps line breaks inside them', () => {
    expect(blocks('First line\nsecond line\r\n\r\nNext paragraph')).toEqual(['p(First line<br>second line)', 'p(Next paragraph)']);
  });

  it('reads bulleted and numbered lists, with indented continuation lines', () => {
    expect(blocks('My parts:\n- a *fast* GPU\n* two\n  more of two\n+ three\n\n3. third\n4) fourth')).toEqual([
      'p(My parts:)',
      'ul(a <em>fast</em> GPU|two<br>more of two|three)',
      'ol3(third|fourth)',
    ]);
  });

  it('ends a list at a line that is not indented; a year does not start a list inside a paragraph', () => {
    expect(blocks('- a\nThanks!\n2019. was a good year')).toEqual(['ul(a)', 'p(Thanks!<br>2019. was a good year)']);
  });

  it('keeps headings, quotes and empty markers as text', () => {
    expect(blocks('# Title\n> quote\n-\n-nospace')).toEqual(['p(# Title<br>> quote<br>-<br>-nospace)']);
  });
});

describe('hostile input stays fast (no backtracking, no quadratic scans)', () => {
  const inputs: [string, string][] = [
    ['unclosed emphasis', '**a '.repeat(25_000)],
    ['alternating delimiters', '*_'.repeat(50_000)],
    ['open brackets', '['.repeat(100_000)],
    ['links without an end', '[a](https://x.example/'.repeat(5_000)],
    ['link openers', '[a]('.repeat(25_000)],
    ['URL-like text', 'http://'.repeat(15_000)],
    ['closing parens', `https://example.com/${')'.repeat(100_000)}`],
    ['URLs ending in punctuation', `${'(http://a.example'.repeat(5_000)}${'.'.repeat(100_000)}`],
    ['long single URL', `https://example.com/${'a'.repeat(100_000)}`],
    ['escapes', '\\'.repeat(100_000)],
    ['list lines', '- item *a\n'.repeat(10_000)],
    ['nested emphasis', `${'*'.repeat(5_000)}x${'*'.repeat(5_000)}`],
  ];
  // Linear parsing takes about 0.1 s for the largest of these; a quadratic scan of 100,000 characters takes
  // minutes. The bound sits between, far enough from the first for a machine busy with the other suites (one
  // took 5.2 s at a load average of 18 on 2026-11-27).
  it.each(inputs)('%s', (_name, input) => {
    const started = performance.now();
    parseMarkdown(input);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('caps how deep emphasis nests', () => {
    const depth = (nodes: InlineNode[]): number => Math.max(0, ...nodes.map((n) => ('children' in n ? 1 + depth(n.children) : 0)));
    expect(depth(parseInline(`${'*'.repeat(40)}x${'*'.repeat(40)}`))).toBeLessThanOrEqual(6);
  });
});

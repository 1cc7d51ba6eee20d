import { partListRows, safeHttpUrl } from './part-list';
import { csvField, toCsv, toJson, toPlainText } from './part-list-data';
import { PART_LIST_FORMATS, partListFileName } from './part-list-formats';
import { escapeBbcode, escapeHtml, escapeMarkdown, toBbcode, toHtmlTable, toRedditMarkdown } from './part-list-markup';

const store = (store_id: number, store_name: string, url: string) => ({ store_id, store_name, url });

const source = {
  name: 'Night | Owl [v2]',
  battlestationId: 7,
  origin: 'https://bd.example',
  parts: [
    { part_id: 1, name: 'Ryzen 7 7800X3D', type_name: 'CPU', manufacturer: 'AMD', stores: [store(1, 'Amazon', 'https://amazon.example/dp/1')] },
    { part_id: 2, name: 'Desk, "walnut" 160cm', type_name: 'Desk', manufacturer: 'Oak & Co', stores: [] },
  ],
};

/** A part whose every text is hostile, and whose store links are mostly not http(s). */
const hostile = {
  name: '<script>alert(1)</script> "x" [b]bold[/b]',
  battlestationId: 9,
  origin: 'https://bd.example',
  parts: [
    {
      part_id: 3,
      name: '</td><img src=x onerror=alert(1)> **bold** [url=javascript:alert(1)]x[/url]',
      type_name: '=cmd|"/c calc"!A1',
      manufacturer: "O'Reilly\n<b>",
      stores: [
        store(1, 'Evil', 'javascript:alert(1)'),
        store(2, 'Data', 'data:text/html,<script>alert(1)</script>'),
        store(3, 'Shop [x]', 'https://shop.example/a(b)"c\'<d> e'),
      ],
    },
  ],
};

describe('Part list rows', () => {
  it('keeps http(s) store links only, the first one as the store link', () => {
    const [row] = partListRows(hostile);
    expect(row.stores).toEqual([{ name: 'Shop [x]', url: 'https://shop.example/a%28b%29%22c%27%3Cd%3E%20e' }]);
    expect(row.storeUrl).toBe(row.stores[0].url);
  });

  it('refuses javascript:, data:, relative and unparsable addresses', () => {
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '/relative', 'not a url', 'ftp://x.example/']) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
    expect(safeHttpUrl('http://a.example/x_[y]')).toBe('http://a.example/x%5F%5By%5D');
  });
});

describe('Reddit Markdown', () => {
  it('writes a table of category, part (linked), brand and store link, then the station link', () => {
    expect(toRedditMarkdown(source)).toBe(
      [
        'Category | Part | Brand | Store link',
        ':-- | :-- | :-- | :--',
        'CPU | [Ryzen 7 7800X3D](https://bd.example/parts/view/1) | AMD | [Amazon](https://amazon.example/dp/1)',
        'Desk | [Desk, "walnut" 160cm](https://bd.example/parts/view/2) | Oak \\& Co | ',
        '',
        '[Night \\| Owl \\[v2\\] on Battledeck](https://bd.example/battlestations/7)',
        '',
      ].join('\n'),
    );
  });

  it('escapes formatting, link and table characters and keeps every row on one line', () => {
    expect(escapeMarkdown('a|b*c_d[e](f)\n# g')).toBe('a\\|b\\*c\\_d\\[e\\]\\(f\\) \\# g');
    const text = toRedditMarkdown(hostile);
    // Names stay text (their brackets escaped); every link target is one of ours or the https store link.
    expect([...text.matchAll(/(?<!\\)\]\(([^)]*)\)/g)].map((m) => m[1])).toEqual([
      'https://bd.example/parts/view/3',
      'https://shop.example/a%28b%29%22c%27%3Cd%3E%20e',
      'https://bd.example/battlestations/9',
    ]);
    expect(text.split('\n')).toHaveLength(6);
  });
});

describe('BBCode', () => {
  it('writes a [table] with [url] links and the station link', () => {
    expect(toBbcode(source)).toBe(
      [
        '[table]',
        '[tr][th]Category[/th][th]Part[/th][th]Brand[/th][th]Store link[/th][/tr]',
        '[tr][td]CPU[/td][td][url=https://bd.example/parts/view/1]Ryzen 7 7800X3D[/url][/td][td]AMD[/td][td][url=https://amazon.example/dp/1]Amazon[/url][/td][/tr]',
        '[tr][td]Desk[/td][td][url=https://bd.example/parts/view/2]Desk, "walnut" 160cm[/url][/td][td]Oak & Co[/td][td][/td][/tr]',
        '[/table]',
        '[url=https://bd.example/battlestations/7]Night | Owl ［v2］ on Battledeck[/url]',
        '',
      ].join('\n'),
    );
  });

  it('never lets a name open a tag, and links no javascript: address', () => {
    expect(escapeBbcode('[url=javascript:x]a[/url]')).toBe('［url=javascript:x］a［/url］');
    const text = toBbcode(hostile);
    expect(text).not.toMatch(/\[url=(?!https:)/);
    expect(text).not.toContain('[b]');
    expect(text).toContain('[url=https://shop.example/a%28b%29%22c%27%3Cd%3E%20e]Shop ［x］[/url]');
  });
});

describe('HTML table', () => {
  it('writes a captioned table with escaped text and rel="nofollow noopener" links', () => {
    expect(toHtmlTable(source)).toBe(
      [
        '<table>',
        '  <caption><a href="https://bd.example/battlestations/7" rel="nofollow noopener">Night | Owl [v2] on Battledeck</a></caption>',
        '  <thead><tr><th scope="col">Category</th><th scope="col">Part</th><th scope="col">Brand</th><th scope="col">Store link</th></tr></thead>',
        '  <tbody>',
        '    <tr><td>CPU</td><td><a href="https://bd.example/parts/view/1" rel="nofollow noopener">Ryzen 7 7800X3D</a></td><td>AMD</td><td><a href="https://amazon.example/dp/1" rel="nofollow noopener">Amazon</a></td></tr>',
        '    <tr><td>Desk</td><td><a href="https://bd.example/parts/view/2" rel="nofollow noopener">Desk, &#34;walnut&#34; 160cm</a></td><td>Oak &#38; Co</td><td></td></tr>',
        '  </tbody>',
        '</table>',
        '',
      ].join('\n'),
    );
  });

  it('escapes every hostile text, so the markup holds only its own tags', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
    const html = toHtmlTable(hostile);
    const tags = html.match(/<\/?[a-z]+/g) ?? [];
    expect(new Set(tags)).toEqual(new Set(['<table', '<caption', '<a', '</a', '</caption', '<thead', '<tr', '<th', '</th', '</tr', '</thead', '<tbody', '<td', '</td', '</tbody', '</table']));
    expect(html).not.toMatch(/href="(?!https:)|<script|<img/i);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('img, script')).toHaveLength(0);
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://bd.example/battlestations/9',
      'https://bd.example/parts/view/3',
      'https://shop.example/a%28b%29%22c%27%3Cd%3E%20e',
    ]);
  });
});

describe('CSV', () => {
  it('writes RFC 4180 CSV: header (category, part, brand, store link), quoting, CRLF, then the station row', () => {
    expect(toCsv(source)).toBe(
      'Category,Part,Brand,Store link\r\n' +
        'CPU,Ryzen 7 7800X3D,AMD,https://amazon.example/dp/1\r\n' +
        'Desk,"Desk, ""walnut"" 160cm",Oak & Co,\r\n' +
        'Battlestation,Night | Owl [v2],Battledeck,https://bd.example/battlestations/7\r\n',
    );
  });

  it('quotes line breaks and defuses spreadsheet formulas', () => {
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    const [, row] = toCsv(hostile).split('\r\n');
    expect(row.startsWith(`"'=cmd|""/c calc""!A1",`)).toBe(true);
    expect(toCsv(hostile)).toContain(`"O'Reilly\n<b>"`);
  });
});

describe('Plain text and JSON', () => {
  it('writes one line per part with brand and store link', () => {
    expect(toPlainText(source)).toBe(
      [
        'Night | Owl [v2] on Battledeck',
        'https://bd.example/battlestations/7',
        '',
        'CPU: Ryzen 7 7800X3D (AMD) - https://amazon.example/dp/1',
        'Desk: Desk, "walnut" 160cm (Oak & Co)',
        '',
      ].join('\n'),
    );
    expect(toPlainText(hostile).split('\n')).toHaveLength(5);
  });

  it('writes JSON with the station and every part with its page and http(s) store links', () => {
    expect(JSON.parse(toJson(source))).toEqual({
      battlestation: { id: 7, name: 'Night | Owl [v2]', url: 'https://bd.example/battlestations/7' },
      parts: [
        { category: 'CPU', name: 'Ryzen 7 7800X3D', brand: 'AMD', url: 'https://bd.example/parts/view/1', stores: [{ name: 'Amazon', url: 'https://amazon.example/dp/1' }] },
        { category: 'Desk', name: 'Desk, "walnut" 160cm', brand: 'Oak & Co', url: 'https://bd.example/parts/view/2', stores: [] },
      ],
    });
    expect(JSON.parse(toJson(hostile)).parts[0].stores).toHaveLength(1);
  });
});

describe('Download file names', () => {
  const format = (value: string) => PART_LIST_FORMATS.find((f) => f.value === value)!;

  it('names the file after the station, its id and the format', () => {
    expect(partListFileName({ name: 'Night Owl', battlestationId: 7 }, format('csv'))).toBe('night-owl-7-parts.csv');
    expect(partListFileName({ name: 'Café Déjà vu', battlestationId: 8 }, format('bbcode'))).toBe('cafe-deja-vu-8-parts-bbcode.txt');
    expect(PART_LIST_FORMATS.map((f) => f.extension)).toEqual(['md', 'txt', 'html', 'txt', 'csv', 'json']);
  });

  it('never makes a path, a hidden file or an overlong name', () => {
    expect(partListFileName({ name: '../../etc/passwd', battlestationId: 1 }, format('json'))).toBe('etc-passwd-1-parts.json');
    expect(partListFileName({ name: '.hidden', battlestationId: 1 }, format('text'))).toBe('hidden-1-parts.txt');
    expect(partListFileName({ name: '🎮🎮', battlestationId: 2 }, format('html'))).toBe('battlestation-2-parts.html');
    expect(partListFileName({ name: 'x'.repeat(500), battlestationId: 3 }, format('reddit')).length).toBeLessThan(80);
  });
});

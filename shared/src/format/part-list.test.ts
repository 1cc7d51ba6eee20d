import { csvField, toCsv, toRedditMarkdown } from './part-list';

const source = {
  name: 'Night | Owl [v2]',
  battlestationId: 7,
  origin: 'https://bd.example',
  parts: [
    { part_id: 1, name: 'Ryzen 7 7800X3D', type_name: 'CPU' },
    { part_id: 2, name: 'Desk, "walnut" 160cm', type_name: 'Desk' },
  ],
};

describe('Copy Part List formats', () => {
  it('writes a Reddit Markdown table with part links and the station link', () => {
    expect(toRedditMarkdown(source)).toBe(
      [
        'Type | Part',
        ':-- | :--',
        'CPU | [Ryzen 7 7800X3D](https://bd.example/parts/view/1)',
        'Desk | [Desk, "walnut" 160cm](https://bd.example/parts/view/2)',
        '',
        '[Night \\| Owl \\[v2\\] on Battledeck](https://bd.example/battlestations/7)',
        '',
      ].join('\n'),
    );
  });

  it('writes RFC 4180 CSV with a header row, quoting and CRLF', () => {
    expect(toCsv(source)).toBe(
      'Type,Part,Link\r\n' +
        'CPU,Ryzen 7 7800X3D,https://bd.example/parts/view/1\r\n' +
        'Desk,"Desk, ""walnut"" 160cm",https://bd.example/parts/view/2\r\n' +
        'Battlestation,Night | Owl [v2],https://bd.example/battlestations/7\r\n',
    );
  });

  it('quotes line breaks and defuses spreadsheet formulas', () => {
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
  });
});

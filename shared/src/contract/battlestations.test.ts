import { createBattlestationFields, normalizeSocialLink } from './battlestations';

describe('social links (decision 10)', () => {
  it.each([
    ['instagram.com/someone', 'instagram.com/someone'],
    ['https://www.instagram.com/someone/', 'www.instagram.com/someone/'],
    ['http://instagram.com/p/abc?x=1', 'instagram.com/p/abc?x=1'],
  ])('accepts %s', (input, stored) => {
    expect(normalizeSocialLink(input, 'instagram.com')).toBe(stored);
  });

  it('accepts the hosts of Reddit\'s own pages, and refuses its redirector and other subdomains', () => {
    expect(normalizeSocialLink('https://old.reddit.com/r/battlestations/', 'reddit.com')).toBe('old.reddit.com/r/battlestations/');
    expect(normalizeSocialLink('https://out.reddit.com/t3_x?url=https%3A%2F%2Fevil.example', 'reddit.com')).toBeNull();
    expect(normalizeSocialLink('https://evil.reddit.com/r/x', 'reddit.com')).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.com/instagram.com',
    'https://instagram.com.evil.com/x',
    'ftp://instagram.com/x',
    'https://user:pw@instagram.com/',
    // Instagram's link shim forwards to the address it is given.
    'l.instagram.com/?u=https%3A%2F%2Fevil.example',
  ])(
    'refuses %s',
    (input) => {
      expect(normalizeSocialLink(input, 'instagram.com')).toBeNull();
    },
  );

  it('reports the spec message for a wrong link', () => {
    const result = createBattlestationFields.safeParse({ name: 'Desk', reddit_url: 'https://example.com', added_parts: '[1]' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid Reddit link.');
  });
});

describe('createBattlestationFields', () => {
  it('counts a line break once, as the form does, though the browser sends it as CRLF', () => {
    const lines = `${'a'.repeat(99)}\r\n`.repeat(50);
    expect(lines.replace(/\r\n/g, '\n')).toHaveLength(5000);
    expect(createBattlestationFields.parse({ name: 'Desk', added_parts: '[1]', description: lines }).description).toHaveLength(5000);
    expect(createBattlestationFields.safeParse({ name: 'Desk', added_parts: '[1]', description: `${lines}x` }).error?.issues[0]?.message).toBe('Description must be at most 5000 characters.');
  });

  it('reads multipart text: JSON part lists and boolean flags', () => {
    const result = createBattlestationFields.parse({ name: ' Desk ', is_public: 'false', added_parts: '[3,4]', description: 'a\r\nb' });
    expect(result).toMatchObject({ name: 'Desk', is_public: false, added_parts: [3, 4], description: 'a\nb' });
  });

  it('needs at least one part', () => {
    const result = createBattlestationFields.safeParse({ name: 'Desk', added_parts: '[]' });
    expect(result.error?.issues[0]?.message).toBe('Please select at least one part for your battlestation.');
  });

  it('refuses a part list that is not JSON with a clear message', () => {
    const result = createBattlestationFields.safeParse({ name: 'Desk', added_parts: 'not json' });
    expect(result.error?.issues[0]?.message).toBe('added_parts must be a list of part ids.');
  });
});

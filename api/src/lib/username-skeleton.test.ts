import { usernameSkeleton } from './username-skeleton';

describe('usernameSkeleton', () => {
  it('is the same for names equal ignoring case', () => {
    expect(usernameSkeleton('GamerDesk')).toBe(usernameSkeleton('gamerdesk'));
  });

  it('maps look-alike letters of other scripts to the Latin ones', () => {
    // Cyrillic а (U+0430), е (U+0435), о (U+043E).
    expect(usernameSkeleton('g\u0430m\u0435rd\u043Esk')).toBe(usernameSkeleton('gamerdosk'));
    // Greek capital omicron, fullwidth letters.
    expect(usernameSkeleton('\u039Fwner1')).toBe(usernameSkeleton('owner1'));
    expect(usernameSkeleton('ｇａｍｅｒｄｅｓｋ')).toBe(usernameSkeleton('gamerdesk'));
  });

  it('maps digits that look like letters', () => {
    expect(usernameSkeleton('desk0')).toBe(usernameSkeleton('deskO'));
    expect(usernameSkeleton('1ordsetup')).toBe(usernameSkeleton('lordsetup'));
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('gamerdesk')).not.toBe(usernameSkeleton('gamerdisk'));
    expect(usernameSkeleton('Jürgen')).not.toBe(usernameSkeleton('Jurgen'));
  });
});

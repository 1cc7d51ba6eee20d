import type { BattlestationCard, BattlestationDetail } from '@battledeck/shared/contract';

export function card(id: number, overrides: Partial<BattlestationCard> = {}): BattlestationCard {
  return {
    battlestation_id: id,
    name: `Station ${id}`,
    username: 'someone',
    created_date: '2026-01-02T10:00:00.000Z',
    image_count: 2,
    part_count: 3,
    thumbnail: `photo${id}.jpg`,
    favorites: 1,
    is_public: 1,
    ...overrides,
  };
}

export function detail(overrides: Partial<BattlestationDetail> = {}): BattlestationDetail {
  return {
    battlestation_id: 7,
    name: 'Night Owl',
    username: 'owl_owner',
    user_id: 'uid-owl_owner',
    created_date: '2026-01-02T10:00:00.000Z',
    instagram_url: 'instagram.com/owl',
    reddit_url: null,
    description: 'First line\nSecond line',
    is_public: 1,
    favorites: 3,
    is_favorited: 0,
    image_count: 3,
    part_count: 2,
    images: ['a.jpg', 'b.jpg', 'c.png'],
    parts: [
      { part_id: 11, name: 'Ryzen 7', type_id: 1, type_name: 'CPU', type_path: 'cpu' },
      { part_id: 12, name: 'Oak Desk', type_id: 9, type_name: 'Desk', type_path: 'desk' },
    ],
    ...overrides,
  };
}

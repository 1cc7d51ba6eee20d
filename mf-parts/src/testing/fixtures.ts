import type { PartDetail } from '@battledeck/shared/contract';

/** A part as GET /parts/id/{id} answers it: a CPU sold at two stores; tests override what they check. */
export function partDetail(overrides: Partial<PartDetail> = {}): PartDetail {
  return {
    part_id: 7,
    name: 'AMD Ryzen 7 7800X3D',
    type_id: 1,
    type_name: 'CPU',
    type_path: 'cpu',
    manufacturer: 'AMD',
    manufacturer_url: 'https://www.amd.com',
    image: 'ryzen.png',
    battlestation_count: 1,
    stores: [
      { store_id: 1, store_name: 'Amazon', url: 'https://www.amazon.com/dp/ryzen' },
      { store_id: 2, store_name: 'Newegg', url: 'https://www.newegg.com/ryzen' },
    ],
    ...overrides,
  };
}

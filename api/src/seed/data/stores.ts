/** Six shops; `search` builds a product link from a part name. */
export interface SeedStore {
  name: string;
  url: string;
  search: (query: string) => string;
  /** Part type paths the shop is linked for. */
  sells: readonly string[];
}

const PC = ['cpu', 'gpu', 'motherboard', 'memory', 'storage', 'case', 'power-supply'];
const PERIPHERALS = ['monitor', 'keyboard', 'mouse', 'headset'];
const FURNITURE = ['desk', 'chair'];
const q = encodeURIComponent;

export const SEED_STORES: readonly SeedStore[] = [
  { name: 'Amazon', url: 'https://www.amazon.com', search: (s) => `https://www.amazon.com/s?k=${q(s)}`, sells: [...PC, ...PERIPHERALS, ...FURNITURE] },
  { name: 'Newegg', url: 'https://www.newegg.com', search: (s) => `https://www.newegg.com/p/pl?d=${q(s)}`, sells: [...PC, ...PERIPHERALS] },
  { name: 'Best Buy', url: 'https://www.bestbuy.com', search: (s) => `https://www.bestbuy.com/site/searchpage.jsp?st=${q(s)}`, sells: [...PC, ...PERIPHERALS] },
  { name: 'Micro Center', url: 'https://www.microcenter.com', search: (s) => `https://www.microcenter.com/search/search_results.aspx?Ntt=${q(s)}`, sells: PC },
  { name: 'B&H Photo', url: 'https://www.bhphotovideo.com', search: (s) => `https://www.bhphotovideo.com/c/search?q=${q(s)}`, sells: PERIPHERALS },
  { name: 'IKEA', url: 'https://www.ikea.com', search: (s) => `https://www.ikea.com/us/en/search/?q=${q(s)}`, sells: FURNITURE },
];

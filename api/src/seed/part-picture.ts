import { createRandom } from './random';

/**
 * An SVG "product shot" of a part: a soft studio background and a simple drawing of the kind of part
 * (a card with fans for a GPU, a chip for a CPU, …) in a colour that varies per part.
 */
export function partPictureSvg(typePath: string, look: number, size: number): string {
  const rng = createRandom(look * 7919 + 17);
  const hue = rng.int(0, 359);
  const body = `hsl(${hue}, ${rng.int(10, 45)}%, ${rng.int(18, 40)}%)`;
  const accent = `hsl(${(hue + 150) % 360}, 80%, 55%)`;
  const s = size;
  const drawing = (DRAWINGS[typePath] ?? DRAWINGS.cpu)(s, body, accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
    <defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="hsl(${hue}, 15%, 86%)"/></radialGradient></defs>
    <rect width="${s}" height="${s}" fill="url(#bg)"/>
    <ellipse cx="${s / 2}" cy="${s * 0.82}" rx="${s * 0.32}" ry="${s * 0.04}" fill="#0002"/>
    ${drawing}</svg>`;
}

type Drawing = (s: number, body: string, accent: string) => string;

const fanRow = (s: number, y: number, count: number, accent: string) =>
  Array.from({ length: count }, (_, i) => {
    const cx = s * (0.5 + (i - (count - 1) / 2) * 0.22);
    return `<circle cx="${cx}" cy="${y}" r="${s * 0.09}" fill="#111" stroke="${accent}" stroke-width="${s * 0.01}"/><circle cx="${cx}" cy="${y}" r="${s * 0.025}" fill="#333"/>`;
  }).join('');

const DRAWINGS: Record<string, Drawing> = {
  cpu: (s, body, accent) => `<rect x="${s * 0.25}" y="${s * 0.25}" width="${s * 0.5}" height="${s * 0.5}" rx="${s * 0.02}" fill="#2e7d32"/>
    <rect x="${s * 0.32}" y="${s * 0.32}" width="${s * 0.36}" height="${s * 0.36}" rx="${s * 0.02}" fill="#cfd2d6" stroke="${body}" stroke-width="4"/>
    <rect x="${s * 0.4}" y="${s * 0.4}" width="${s * 0.2}" height="${s * 0.2}" fill="none" stroke="${accent}" stroke-width="3"/>`,
  gpu: (s, body, accent) => `<rect x="${s * 0.12}" y="${s * 0.32}" width="${s * 0.76}" height="${s * 0.34}" rx="${s * 0.03}" fill="${body}"/>${fanRow(s, s * 0.49, 3, accent)}
    <rect x="${s * 0.12}" y="${s * 0.66}" width="${s * 0.3}" height="${s * 0.03}" fill="#c9a227"/>`,
  motherboard: (s, body, accent) => `<rect x="${s * 0.2}" y="${s * 0.15}" width="${s * 0.6}" height="${s * 0.66}" fill="${body}"/>
    <rect x="${s * 0.4}" y="${s * 0.22}" width="${s * 0.18}" height="${s * 0.18}" fill="#bbb"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${s * (0.62 + i * 0.035)}" y="${s * 0.2}" width="${s * 0.02}" height="${s * 0.3}" fill="${accent}"/>`).join('')}
    <rect x="${s * 0.25}" y="${s * 0.52}" width="${s * 0.5}" height="${s * 0.03}" fill="#333"/><rect x="${s * 0.25}" y="${s * 0.62}" width="${s * 0.5}" height="${s * 0.03}" fill="#333"/>`,
  memory: (s, body, accent) => [0, 1].map((i) => `<rect x="${s * 0.12}" y="${s * (0.36 + i * 0.16)}" width="${s * 0.76}" height="${s * 0.12}" rx="6" fill="${body}"/>
    <rect x="${s * 0.12}" y="${s * (0.36 + i * 0.16)}" width="${s * 0.76}" height="${s * 0.025}" fill="${accent}"/>`).join(''),
  storage: (s, body, accent) => `<rect x="${s * 0.15}" y="${s * 0.43}" width="${s * 0.7}" height="${s * 0.16}" rx="6" fill="${body}"/>
    <rect x="${s * 0.22}" y="${s * 0.47}" width="${s * 0.14}" height="${s * 0.08}" fill="#222"/><rect x="${s * 0.42}" y="${s * 0.47}" width="${s * 0.14}" height="${s * 0.08}" fill="#222"/>
    <rect x="${s * 0.62}" y="${s * 0.48}" width="${s * 0.16}" height="${s * 0.05}" fill="${accent}"/>`,
  case: (s, body, accent) => `<rect x="${s * 0.28}" y="${s * 0.12}" width="${s * 0.44}" height="${s * 0.7}" rx="${s * 0.02}" fill="${body}"/>
    <rect x="${s * 0.32}" y="${s * 0.16}" width="${s * 0.36}" height="${s * 0.62}" fill="#0005" stroke="${accent}" stroke-width="3"/>${fanRow(s * 1, s * 0.3, 1, accent)}`,
  'power-supply': (s, body, accent) => `<rect x="${s * 0.22}" y="${s * 0.3}" width="${s * 0.56}" height="${s * 0.4}" rx="${s * 0.02}" fill="${body}"/>${fanRow(s, s * 0.5, 1, accent)}`,
  monitor: (s, body, accent) => `<rect x="${s * 0.1}" y="${s * 0.2}" width="${s * 0.8}" height="${s * 0.46}" rx="${s * 0.015}" fill="#111"/>
    <rect x="${s * 0.12}" y="${s * 0.22}" width="${s * 0.76}" height="${s * 0.42}" fill="${accent}" opacity="0.7"/>
    <rect x="${s * 0.47}" y="${s * 0.66}" width="${s * 0.06}" height="${s * 0.12}" fill="${body}"/><rect x="${s * 0.35}" y="${s * 0.77}" width="${s * 0.3}" height="${s * 0.025}" fill="${body}"/>`,
  keyboard: (s, body, accent) => `<rect x="${s * 0.08}" y="${s * 0.38}" width="${s * 0.84}" height="${s * 0.26}" rx="${s * 0.02}" fill="${body}"/>
    ${Array.from({ length: 4 * 14 }, (_, k) => `<rect x="${s * (0.1 + (k % 14) * 0.057)}" y="${s * (0.4 + Math.floor(k / 14) * 0.055)}" width="${s * 0.05}" height="${s * 0.045}" rx="3" fill="${k % 9 === 0 ? accent : '#e8e8e8'}"/>`).join('')}`,
  mouse: (s, body, accent) => `<ellipse cx="${s * 0.5}" cy="${s * 0.5}" rx="${s * 0.17}" ry="${s * 0.27}" fill="${body}"/>
    <line x1="${s * 0.5}" y1="${s * 0.23}" x2="${s * 0.5}" y2="${s * 0.42}" stroke="#0008" stroke-width="4"/><rect x="${s * 0.485}" y="${s * 0.3}" width="${s * 0.03}" height="${s * 0.06}" rx="4" fill="${accent}"/>`,
  headset: (s, body, accent) => `<path d="M ${s * 0.25} ${s * 0.6} A ${s * 0.25} ${s * 0.3} 0 0 1 ${s * 0.75} ${s * 0.6}" fill="none" stroke="${body}" stroke-width="${s * 0.04}"/>
    <rect x="${s * 0.18}" y="${s * 0.5}" width="${s * 0.12}" height="${s * 0.22}" rx="${s * 0.05}" fill="${body}" stroke="${accent}" stroke-width="3"/>
    <rect x="${s * 0.7}" y="${s * 0.5}" width="${s * 0.12}" height="${s * 0.22}" rx="${s * 0.05}" fill="${body}" stroke="${accent}" stroke-width="3"/>`,
  desk: (s, body) => `<rect x="${s * 0.1}" y="${s * 0.42}" width="${s * 0.8}" height="${s * 0.05}" fill="${body}"/>
    <rect x="${s * 0.16}" y="${s * 0.47}" width="${s * 0.03}" height="${s * 0.33}" fill="#333"/><rect x="${s * 0.81}" y="${s * 0.47}" width="${s * 0.03}" height="${s * 0.33}" fill="#333"/>`,
  chair: (s, body, accent) => `<rect x="${s * 0.35}" y="${s * 0.15}" width="${s * 0.3}" height="${s * 0.35}" rx="${s * 0.06}" fill="${body}"/>
    <rect x="${s * 0.32}" y="${s * 0.5}" width="${s * 0.36}" height="${s * 0.08}" rx="${s * 0.03}" fill="${body}" stroke="${accent}" stroke-width="3"/>
    <rect x="${s * 0.485}" y="${s * 0.58}" width="${s * 0.03}" height="${s * 0.15}" fill="#333"/><line x1="${s * 0.32}" y1="${s * 0.78}" x2="${s * 0.68}" y2="${s * 0.78}" stroke="#333" stroke-width="${s * 0.02}"/>`,
};

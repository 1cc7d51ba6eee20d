import { createRandom, type Random } from './random';

/**
 * An SVG picture of a desk set-up: wall, window or shelf, desk, monitors with wallpapers, keyboard,
 * mouse, tower with fans, lamp, plant. Each seed gives different colours and furniture, so the demo
 * photos look like a varied community rather than one stock image. No text (fonts differ per machine).
 */
export function deskSceneSvg(seed: number, width: number, height: number): string {
  const rng = createRandom(seed);
  const dark = rng.chance(0.5);
  const hue = rng.int(0, 359);
  const accent = `hsl(${rng.int(0, 359)}, 85%, 58%)`;
  const w = width;
  const h = height;
  const deskY = h * rng.int(62, 70) / 100;
  const deskColour = rng.pick(dark ? ['#2b2b2f', '#3a2a1f', '#1d1d1d'] : ['#c89b6d', '#e8e2d6', '#f4f4f2', '#8b5a3c']);
  const parts: string[] = [];

  parts.push(`<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, ${dark ? 25 : 20}%, ${dark ? 14 : 82}%)"/>
      <stop offset="1" stop-color="hsl(${hue}, ${dark ? 30 : 18}%, ${dark ? 8 : 70}%)"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${accent}" stop-opacity="${dark ? 0.55 : 0.25}"/>
      <stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="${dark ? 0.55 : 0.25}"/>
    </radialGradient>
  </defs>`);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#wall)"/>`);
  parts.push(backdrop(rng, w, h, deskY, dark));
  parts.push(`<ellipse cx="${w / 2}" cy="${deskY - h * 0.22}" rx="${w * 0.42}" ry="${h * 0.3}" fill="url(#glow)"/>`);
  parts.push(`<rect y="${deskY + h * 0.05}" width="${w}" height="${h}" fill="hsl(${hue}, 10%, ${dark ? 6 : 45}%)"/>`);
  parts.push(desk(w, h, deskY, deskColour));
  parts.push(`<rect x="${w * 0.2}" y="${deskY - h * 0.005}" width="${w * 0.6}" height="${h * 0.05}" rx="8" fill="hsl(${rng.int(0, 359)}, 30%, ${dark ? 18 : 35}%)"/>`);
  parts.push(monitors(rng, w, h, deskY));
  parts.push(keyboard(rng, w, h, deskY, dark, accent));
  parts.push(`<ellipse cx="${w * 0.7}" cy="${deskY + h * 0.02}" rx="${w * 0.018}" ry="${h * 0.012}" fill="${dark ? '#111' : '#eee'}" stroke="#0005"/>`);
  if (rng.chance(0.7)) parts.push(tower(rng, w, h, deskY, accent));
  if (rng.chance(0.6)) parts.push(plant(rng, w, h, deskY));
  if (rng.chance(0.5)) parts.push(lamp(rng, w, h, deskY));
  parts.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

function backdrop(rng: Random, w: number, h: number, deskY: number, dark: boolean): string {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    // A window with sky.
    const x = w * rng.int(5, 55) / 100;
    const ww = w * 0.28;
    const wh = deskY * 0.55;
    const sky = dark ? `hsl(${rng.int(200, 260)}, 50%, 18%)` : `hsl(${rng.int(190, 215)}, 70%, 75%)`;
    return `<rect x="${x}" y="${h * 0.08}" width="${ww}" height="${wh}" fill="${sky}" stroke="#fff" stroke-width="10"/>
      <line x1="${x + ww / 2}" y1="${h * 0.08}" x2="${x + ww / 2}" y2="${h * 0.08 + wh}" stroke="#fff" stroke-width="8"/>`;
  }
  if (kind === 1) {
    // A shelf with books.
    const y = h * 0.2;
    const books = Array.from({ length: rng.int(6, 14) }, (_, i) => {
      const bh = h * rng.int(6, 10) / 100;
      return `<rect x="${w * 0.1 + i * w * 0.022}" y="${y - bh}" width="${w * 0.018}" height="${bh}" fill="hsl(${rng.int(0, 359)}, 45%, ${dark ? 30 : 55}%)"/>`;
    }).join('');
    return `${books}<rect x="${w * 0.08}" y="${y}" width="${w * 0.4}" height="${h * 0.015}" fill="#6b4a2f"/>`;
  }
  // Framed posters.
  return Array.from({ length: rng.int(1, 3) }, (_, i) => {
    const pw = w * 0.1;
    return `<rect x="${w * 0.08 + i * w * 0.13}" y="${h * 0.1}" width="${pw}" height="${pw * 1.35}" fill="hsl(${rng.int(0, 359)}, 60%, 55%)" stroke="#222" stroke-width="6"/>`;
  }).join('');
}

function desk(w: number, h: number, deskY: number, colour: string): string {
  return `<rect x="${w * 0.04}" y="${deskY}" width="${w * 0.92}" height="${h * 0.035}" fill="${colour}"/>
    <rect x="${w * 0.07}" y="${deskY + h * 0.035}" width="${w * 0.02}" height="${h}" fill="#222"/>
    <rect x="${w * 0.91}" y="${deskY + h * 0.035}" width="${w * 0.02}" height="${h}" fill="#222"/>`;
}

function screen(rng: Random, x: number, y: number, sw: number, sh: number, deskY: number): string {
  const a = `hsl(${rng.int(0, 359)}, 70%, 45%)`;
  const b = `hsl(${rng.int(0, 359)}, 70%, 25%)`;
  const id = `s${rng.int(0, 1e9)}`;
  const hills = `<polygon points="${x},${y + sh} ${x + sw * 0.3},${y + sh * 0.55} ${x + sw * 0.55},${y + sh * 0.8} ${x + sw * 0.8},${y + sh * 0.5} ${x + sw},${y + sh}" fill="#0006"/>`;
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
    <rect x="${x + sw * 0.47}" y="${y + sh}" width="${sw * 0.06}" height="${deskY - y - sh}" fill="#333"/>
    <rect x="${x + sw * 0.35}" y="${deskY - 10}" width="${sw * 0.3}" height="10" fill="#333"/>
    <rect x="${x - 8}" y="${y - 8}" width="${sw + 16}" height="${sh + 16}" rx="6" fill="#111"/>
    <rect x="${x}" y="${y}" width="${sw}" height="${sh}" fill="url(#${id})"/>${hills}`;
}

function monitors(rng: Random, w: number, h: number, deskY: number): string {
  const layout = rng.int(0, 3);
  const y = deskY - h * 0.42;
  if (layout === 0) return screen(rng, w * 0.18, y, w * 0.64, h * 0.27, deskY); // ultrawide
  if (layout === 1) return screen(rng, w * 0.3, y, w * 0.4, h * 0.3, deskY);
  if (layout === 2) return screen(rng, w * 0.12, y, w * 0.36, h * 0.27, deskY) + screen(rng, w * 0.52, y, w * 0.36, h * 0.27, deskY);
  return (
    screen(rng, w * 0.03, y + h * 0.03, w * 0.28, h * 0.22, deskY) +
    screen(rng, w * 0.34, y, w * 0.32, h * 0.25, deskY) +
    screen(rng, w * 0.69, y + h * 0.03, w * 0.28, h * 0.22, deskY)
  );
}

function keyboard(rng: Random, w: number, h: number, deskY: number, dark: boolean, accent: string): string {
  const x = w * 0.36;
  const kw = w * 0.26;
  const kh = h * 0.035;
  const keyColour = rng.pick(dark ? ['#1a1a1a', '#2d2d40'] : ['#f2f2f2', '#d9d4c7', '#b8c7d9']);
  const keys: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 15; col++) {
      keys.push(`<rect x="${x + 6 + col * (kw - 12) / 15}" y="${deskY + 2 + row * (kh - 4) / 4}" width="${(kw - 12) / 15 - 3}" height="${(kh - 4) / 4 - 2}" fill="${keyColour}"/>`);
    }
  }
  return `<rect x="${x}" y="${deskY - 2}" width="${kw}" height="${kh}" rx="6" fill="${dark ? accent : '#888'}" opacity="0.9"/>${keys.join('')}`;
}

function tower(rng: Random, w: number, h: number, deskY: number, accent: string): string {
  const left = rng.chance(0.5);
  const tw = w * 0.12;
  const th = h * 0.36;
  const x = left ? w * 0.05 : w * 0.83;
  const y = deskY - th;
  const fans = [0, 1, 2]
    .map((i) => `<circle cx="${x + tw / 2}" cy="${y + th * (0.22 + i * 0.28)}" r="${tw * 0.3}" fill="none" stroke="${accent}" stroke-width="8"/>`)
    .join('');
  return `<rect x="${x}" y="${y}" width="${tw}" height="${th}" rx="8" fill="#161616" stroke="#444" stroke-width="4"/>${fans}`;
}

function plant(rng: Random, w: number, h: number, deskY: number): string {
  const x = w * rng.int(72, 86) / 100;
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const angle = -150 + i * 20;
    return `<ellipse cx="${x}" cy="${deskY - h * 0.12}" rx="${w * 0.012}" ry="${h * 0.07}" fill="hsl(${rng.int(95, 140)}, 50%, 32%)" transform="rotate(${angle + 90} ${x} ${deskY - h * 0.06})"/>`;
  }).join('');
  return `${leaves}<polygon points="${x - w * 0.025},${deskY - h * 0.07} ${x + w * 0.025},${deskY - h * 0.07} ${x + w * 0.018},${deskY} ${x - w * 0.018},${deskY}" fill="hsl(${rng.int(0, 40)}, 45%, 55%)"/>`;
}

function lamp(rng: Random, w: number, h: number, deskY: number): string {
  const x = w * rng.int(10, 25) / 100;
  return `<line x1="${x}" y1="${deskY}" x2="${x + w * 0.04}" y2="${deskY - h * 0.25}" stroke="#222" stroke-width="8"/>
    <line x1="${x + w * 0.04}" y1="${deskY - h * 0.25}" x2="${x + w * 0.1}" y2="${deskY - h * 0.2}" stroke="#222" stroke-width="8"/>
    <polygon points="${x + w * 0.09},${deskY - h * 0.22} ${x + w * 0.13},${deskY - h * 0.17} ${x + w * 0.08},${deskY - h * 0.16}" fill="#ffd97a"/>`;
}

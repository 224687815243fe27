/**
 * Demo book images drawn as SVG and rendered to JPEG with sharp: a front cover (title, colour
 * and pattern by type), a back cover (blurb, price, barcode) and interior pages (a sudoku, a
 * mandala, a maze, a lined journal page ...). Deterministic: the same book gives the same bytes.
 */
import sharp from 'sharp';
import { penceToPounds } from '@shared/money';
import type { DemoBook, DemoType } from './catalogue';

export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 1066;
const W = COVER_WIDTH;
const H = COVER_HEIGHT;

const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

interface Palette {
  base: string;
  deep: string;
  accent: string;
  light: string;
  ink: string;
}

/** Two palettes per type; a book picks one by its id, and shifts the hue a little. */
const PALETTES: Record<DemoType, Palette[]> = {
  Activity: [
    { base: '#e76f51', deep: '#9c3a22', accent: '#f4d35e', light: '#fff4e6', ink: '#3a1d12' },
    { base: '#2a9d8f', deep: '#1d5e57', accent: '#f4a261', light: '#effaf7', ink: '#12312d' },
  ],
  Puzzle: [
    { base: '#264a7a', deep: '#14284a', accent: '#f2c14e', light: '#f3f6fb', ink: '#0f1c33' },
    { base: '#3d3b8e', deep: '#221f5c', accent: '#7fd1ae', light: '#f4f3fb', ink: '#181640' },
  ],
  Colouring: [
    { base: '#b5487a', deep: '#6e2147', accent: '#ffd6e8', light: '#fff5fa', ink: '#3b0f25' },
    { base: '#7b5ea7', deep: '#463065', accent: '#f7c8e0', light: '#f8f4fd', ink: '#24173a' },
  ],
  Journal: [
    { base: '#2f5d50', deep: '#173229', accent: '#d9b26f', light: '#fbf7ee', ink: '#142520' },
    { base: '#7a2e3a', deep: '#4a1520', accent: '#e8c07d', light: '#fbf6f0', ink: '#2c0d13' },
  ],
};

/** A small seeded random generator (mulberry32), so covers are the same on every start. */
function random(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed ^ char.charCodeAt(0), 2654435761) + 1) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Greedy word wrap to at most `maxChars` per line. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines
    .map((line, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`)
    .join('');
}

function paletteFor(book: DemoBook): Palette {
  const options = PALETTES[book.type];
  return options[Number(book.id.replace(/\D/g, '')) % options.length]!;
}

const ageLabel = (book: DemoBook) =>
  book.age === 'Kids' ? 'For Kids' : book.age === 'Adults' ? 'For Adults' : 'For All Ages';

// ---- patterns for the front cover, one family per type ------------------------------------

function puzzlePattern(p: Palette, rnd: () => number): string {
  const size = 46;
  const cells: string[] = [];
  for (let row = 0; row < 23; row += 1) {
    for (let col = 0; col < 18; col += 1) {
      const x = col * size - 10;
      const y = row * size + 20;
      const filled = rnd() < 0.28;
      cells.push(
        `<rect x="${x}" y="${y}" width="${size - 4}" height="${size - 4}" rx="3" fill="${filled ? p.deep : 'none'}" stroke="${p.light}" stroke-opacity="0.35" stroke-width="2"/>`,
      );
      if (!filled && rnd() < 0.18)
        cells.push(
          `<text x="${x + 6}" y="${y + 16}" font-size="12" font-family="${SANS}" fill="${p.light}" fill-opacity="0.6">${Math.floor(rnd() * 90) + 1}</text>`,
        );
    }
  }
  return `<g>${cells.join('')}</g>`;
}

function colouringPattern(p: Palette, rnd: () => number): string {
  const flowers: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const cx = 60 + rnd() * (W - 120);
    const cy = 40 + rnd() * (H - 200);
    const r = 28 + rnd() * 46;
    const petals = 6 + Math.floor(rnd() * 6);
    const shapes = Array.from({ length: petals }, (_, k) => {
      const angle = (360 / petals) * k;
      return `<ellipse cx="${cx}" cy="${cy - r}" rx="${r * 0.38}" ry="${r * 0.75}" transform="rotate(${angle} ${cx} ${cy})"/>`;
    }).join('');
    flowers.push(
      `<g fill="none" stroke="${p.light}" stroke-opacity="0.55" stroke-width="3">${shapes}<circle cx="${cx}" cy="${cy}" r="${r * 0.3}"/></g>`,
    );
  }
  return flowers.join('');
}

function activityPattern(p: Palette, rnd: () => number): string {
  const colours = [p.accent, p.light, p.deep];
  const shapes: string[] = [];
  for (let i = 0; i < 70; i += 1) {
    const x = rnd() * W;
    const y = 20 + rnd() * (H - 180);
    const c = colours[i % colours.length];
    const s = 10 + rnd() * 26;
    const kind = i % 3;
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${c}" fill-opacity="0.8"/>`);
    else if (kind === 1)
      shapes.push(
        `<polygon points="${x},${y - s} ${x + s},${y + s * 0.7} ${x - s},${y + s * 0.7}" fill="${c}" fill-opacity="0.75" transform="rotate(${rnd() * 360} ${x} ${y})"/>`,
      );
    else {
      const star = Array.from({ length: 10 }, (_, k) => {
        const radius = k % 2 ? s * 0.45 : s;
        const a = (Math.PI / 5) * k - Math.PI / 2;
        return `${(x + radius * Math.cos(a)).toFixed(1)},${(y + radius * Math.sin(a)).toFixed(1)}`;
      }).join(' ');
      shapes.push(`<polygon points="${star}" fill="${c}" fill-opacity="0.85"/>`);
    }
  }
  return shapes.join('');
}

function journalPattern(p: Palette): string {
  const stripes = Array.from(
    { length: 50 },
    (_, i) =>
      `<line x1="${i * 40 - H}" y1="0" x2="${i * 40}" y2="${H}" stroke="${p.light}" stroke-opacity="0.08" stroke-width="14"/>`,
  ).join('');
  const leaves = Array.from({ length: 5 }, (_, i) => {
    const x = 140 + i * 130;
    return `<path d="M${x} 250 C ${x - 40} 180, ${x - 20} 120, ${x} 80 C ${x + 20} 120, ${x + 40} 180, ${x} 250 Z M${x} 250 L ${x} 90" fill="none" stroke="${p.accent}" stroke-opacity="0.7" stroke-width="3"/>`;
  }).join('');
  return `${stripes}${leaves}<rect x="28" y="28" width="${W - 56}" height="${H - 56}" rx="10" fill="none" stroke="${p.accent}" stroke-width="3" stroke-opacity="0.8"/><rect x="${W - 150}" y="0" width="34" height="150" fill="${p.accent}"/><polygon points="${W - 150},150 ${W - 133},132 ${W - 116},150" fill="${p.base}"/>`;
}

function frontCover(book: DemoBook, imprint: string): string {
  const p = paletteFor(book);
  const rnd = random(book.id);
  const pattern =
    book.type === 'Puzzle'
      ? puzzlePattern(p, rnd)
      : book.type === 'Colouring'
        ? colouringPattern(p, rnd)
        : book.type === 'Activity'
          ? activityPattern(p, rnd)
          : journalPattern(p);
  const [title, subtitle] = book.name.split(/:\s+/) as [string, string | undefined];
  const titleLines = wrapText(title, 16);
  const titleSize = Math.min(72, Math.floor(930 / Math.max(...titleLines.map((l) => l.length), 10)));
  const lineHeight = Math.round(titleSize * 1.14);
  const titleBlock = titleLines.length * lineHeight;
  const subtitleLines = subtitle ? wrapText(subtitle, 30) : [];
  const panelHeight = 90 + titleBlock + subtitleLines.length * 36 + 70;
  const panelTop = Math.round((H - 170 - panelHeight) / 2 + 20);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${pattern}
  <rect x="0" y="0" width="18" height="${H}" fill="${p.deep}" fill-opacity="0.5"/>
  <rect x="70" y="${panelTop}" width="${W - 140}" height="${panelHeight}" rx="18" fill="${p.light}"/>
  <rect x="86" y="${panelTop + 16}" width="${W - 172}" height="${panelHeight - 32}" rx="10" fill="none" stroke="${p.base}" stroke-width="2"/>
  ${textLines(titleLines, W / 2, panelTop + 60 + titleSize * 0.8, titleSize, lineHeight, `font-family="${SERIF}" font-weight="bold" fill="${p.ink}" text-anchor="middle"`)}
  ${textLines(subtitleLines, W / 2, panelTop + 70 + titleBlock + 30, 28, 36, `font-family="${SERIF}" font-style="italic" fill="${p.deep}" text-anchor="middle"`)}
  <line x1="${W / 2 - 60}" y1="${panelTop + panelHeight - 52}" x2="${W / 2 + 60}" y2="${panelTop + panelHeight - 52}" stroke="${p.base}" stroke-width="3"/>
  <text x="${W / 2}" y="${panelTop + panelHeight - 22}" font-size="22" font-family="${SANS}" letter-spacing="3" fill="${p.deep}" text-anchor="middle">${escapeXml(`${book.type.toUpperCase()} BOOK · ${ageLabel(book).toUpperCase()}`)}</text>
  <circle cx="${W / 2}" cy="${H - 110}" r="34" fill="${p.accent}"/>
  <text x="${W / 2}" y="${H - 99}" font-size="30" font-family="${SERIF}" font-weight="bold" fill="${p.ink}" text-anchor="middle">${escapeXml(imprint.slice(0, 1))}</text>
  <text x="${W / 2}" y="${H - 44}" font-size="22" font-family="${SANS}" letter-spacing="4" fill="${p.light}" text-anchor="middle">${escapeXml(imprint.toUpperCase())}</text>
</svg>`;
}

function backCover(book: DemoBook, imprint: string): string {
  const p = paletteFor(book);
  const rnd = random(`${book.id}-back`);
  const blurb =
    book.description.length > 420 ? `${book.description.slice(0, 400).replace(/\s+\S*$/, '')}…` : book.description;
  const lines = wrapText(blurb, 40);
  const bars = Array.from({ length: 46 }, (_, i) => {
    const width = rnd() < 0.5 ? 2 : 4;
    return `<rect x="${W - 320 + i * 5.4}" y="${H - 210}" width="${width}" height="110" fill="#111"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${p.deep}"/>
  <rect x="60" y="70" width="${W - 120}" height="${Math.max(200, 120 + lines.length * 40)}" rx="14" fill="${p.light}"/>
  <text x="100" y="130" font-size="30" font-family="${SERIF}" font-weight="bold" fill="${p.ink}">${escapeXml(book.name.split(/:\s+/)[0]!)}</text>
  ${textLines(lines, 100, 185, 25, 40, `font-family="${SERIF}" fill="${p.ink}"`)}
  <rect x="${W - 340}" y="${H - 240}" width="280" height="180" fill="#fff"/>
  ${bars}
  <text x="${W - 200}" y="${H - 76}" font-size="20" font-family="${SANS}" fill="#111" text-anchor="middle">${escapeXml(book.id)}</text>
  <text x="80" y="${H - 150}" font-size="44" font-family="${SERIF}" font-weight="bold" fill="${p.accent}">£${penceToPounds(book.pricePence).toFixed(2)}</text>
  <text x="80" y="${H - 100}" font-size="22" font-family="${SANS}" letter-spacing="3" fill="${p.light}">${escapeXml(imprint.toUpperCase())}</text>
</svg>`;
}

// ---- interior pages ---------------------------------------------------------------------------

function page(content: string, pageNumber: number, heading: string, p: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="#fffdf8"/>
  <rect x="0" y="0" width="${W}" height="10" fill="${p.base}"/>
  <text x="${W / 2}" y="96" font-size="38" font-family="${SERIF}" font-weight="bold" fill="${p.ink}" text-anchor="middle">${escapeXml(heading)}</text>
  ${content}
  <text x="${W / 2}" y="${H - 40}" font-size="20" font-family="${SERIF}" fill="#666" text-anchor="middle">${pageNumber}</text>
</svg>`;
}

function sudokuPage(rnd: () => number, p: Palette): string {
  const cell = 66;
  const left = (W - cell * 9) / 2;
  const top = 170;
  const parts: string[] = [];
  for (let i = 0; i <= 9; i += 1) {
    const width = i % 3 === 0 ? 4 : 1.5;
    parts.push(
      `<line x1="${left}" y1="${top + i * cell}" x2="${left + 9 * cell}" y2="${top + i * cell}" stroke="#222" stroke-width="${width}"/>`,
    );
    parts.push(
      `<line x1="${left + i * cell}" y1="${top}" x2="${left + i * cell}" y2="${top + 9 * cell}" stroke="#222" stroke-width="${width}"/>`,
    );
  }
  for (let row = 0; row < 9; row += 1) {
    for (let col = 0; col < 9; col += 1) {
      if (rnd() < 0.38) {
        const digit = ((row * 3 + Math.floor(row / 3) + col) % 9) + 1; // a valid solved grid
        parts.push(
          `<text x="${left + col * cell + cell / 2}" y="${top + row * cell + cell * 0.7}" font-size="34" font-family="${SANS}" fill="#222" text-anchor="middle">${digit}</text>`,
        );
      }
    }
  }
  parts.push(
    `<text x="${W / 2}" y="${top + 9 * cell + 70}" font-size="22" font-family="${SERIF}" font-style="italic" fill="${p.deep}" text-anchor="middle">Fill every row, column and box with 1 to 9.</text>`,
  );
  return parts.join('');
}

function crosswordPage(rnd: () => number, p: Palette): string {
  const size = 13;
  const cell = 44;
  const left = (W - size * cell) / 2;
  const top = 150;
  const parts: string[] = [];
  let number = 1;
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      const block = row % 2 === 1 && col % 2 === 1 ? rnd() < 0.8 : rnd() < 0.08;
      parts.push(
        `<rect x="${left + col * cell}" y="${top + row * cell}" width="${cell}" height="${cell}" fill="${block ? '#222' : '#fff'}" stroke="#222" stroke-width="1.5"/>`,
      );
      if (!block && (row === 0 || col === 0) && rnd() < 0.5) {
        parts.push(
          `<text x="${left + col * cell + 4}" y="${top + row * cell + 14}" font-size="12" font-family="${SANS}" fill="#222">${number}</text>`,
        );
        number += 1;
      }
    }
  }
  const clues = [
    '1 Tea served with scones (5)',
    '4 Seaside town in Kent (7)',
    '7 Garden bird with a red breast (5)',
    '9 Sounds like a pair of fruit (4)',
  ];
  parts.push(textLines(clues, 90, top + size * cell + 50, 22, 32, `font-family="${SERIF}" fill="${p.ink}"`));
  return parts.join('');
}

function mandalaPage(rnd: () => number, p: Palette): string {
  const cx = W / 2;
  const cy = 560;
  const rings: string[] = [];
  for (let ring = 1; ring <= 6; ring += 1) {
    const radius = ring * 52;
    const petals = 6 + ring * 4;
    const shape = Array.from({ length: petals }, (_, k) => {
      const angle = (360 / petals) * k + (ring % 2) * (180 / petals);
      return `<ellipse cx="${cx}" cy="${cy - radius}" rx="${8 + ring * 3 + rnd() * 4}" ry="${24 + ring * 2}" transform="rotate(${angle.toFixed(2)} ${cx} ${cy})"/>`;
    }).join('');
    rings.push(
      `<g fill="none" stroke="#2b2b2b" stroke-width="2.2">${shape}<circle cx="${cx}" cy="${cy}" r="${radius - 30}"/></g>`,
    );
  }
  return `${rings.join('')}<circle cx="${cx}" cy="${cy}" r="18" fill="none" stroke="#2b2b2b" stroke-width="2.2"/><text x="${cx}" y="${H - 90}" font-size="20" font-family="${SERIF}" font-style="italic" fill="${p.deep}" text-anchor="middle">Colour me in</text>`;
}

function outlinePicturePage(rnd: () => number, p: Palette): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const x = 150 + (i % 3) * 250 + rnd() * 40;
    const y = 280 + Math.floor(i / 3) * 320 + rnd() * 40;
    parts.push(
      `<g fill="none" stroke="#222" stroke-width="3"><path d="M${x - 80} ${y} Q ${x} ${y - 90} ${x + 80} ${y} Q ${x} ${y + 90} ${x - 80} ${y} Z"/><path d="M${x + 80} ${y} L ${x + 130} ${y - 40} L ${x + 130} ${y + 40} Z"/><circle cx="${x - 40}" cy="${y - 10}" r="8"/><path d="M${x - 20} ${y - 50} Q ${x} ${y} ${x - 20} ${y + 50}"/></g>`,
    );
  }
  parts.push(
    `<path d="M40 ${H - 140} Q 200 ${H - 190} 400 ${H - 140} T 760 ${H - 140}" fill="none" stroke="#222" stroke-width="3"/>`,
  );
  parts.push(
    `<text x="${W / 2}" y="${H - 90}" font-size="20" font-family="${SERIF}" font-style="italic" fill="${p.deep}" text-anchor="middle">How many fish can you count?</text>`,
  );
  return parts.join('');
}

function mazePage(rnd: () => number, p: Palette): string {
  // Depth-first maze on a grid: a proper maze with one path between any two cells.
  const cols = 12;
  const rows = 14;
  const cell = 52;
  const left = (W - cols * cell) / 2;
  const top = 150;
  const visited = new Set<number>();
  const open = new Set<string>();
  const stack = [0];
  visited.add(0);
  while (stack.length) {
    const current = stack[stack.length - 1]!;
    const r = Math.floor(current / cols);
    const c = current % cols;
    const next = [
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ].filter(([nr, nc]) => nr! >= 0 && nr! < rows && nc! >= 0 && nc! < cols && !visited.has(nr! * cols + nc!));
    if (!next.length) {
      stack.pop();
      continue;
    }
    const [nr, nc] = next[Math.floor(rnd() * next.length)]!;
    const id = nr! * cols + nc!;
    open.add([Math.min(current, id), Math.max(current, id)].join('-'));
    visited.add(id);
    stack.push(id);
  }
  const walls: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const id = r * cols + c;
      const x = left + c * cell;
      const y = top + r * cell;
      if (c < cols - 1 && !open.has(`${id}-${id + 1}`)) walls.push(`M${x + cell} ${y} v${cell}`);
      if (r < rows - 1 && !open.has(`${id}-${id + cols}`)) walls.push(`M${x} ${y + cell} h${cell}`);
    }
  }
  const border = `M${left + cell} ${top} H${left + cols * cell} V${top + rows * cell} M${left + (cols - 1) * cell} ${top + rows * cell} H${left} V${top}`;
  return `<path d="${walls.join(' ')} ${border}" fill="none" stroke="#222" stroke-width="4" stroke-linecap="round"/>
  <text x="${left + cell / 2}" y="${top - 14}" font-size="20" font-family="${SANS}" fill="${p.deep}" text-anchor="middle">Start</text>
  <text x="${left + cols * cell - cell / 2}" y="${top + rows * cell + 30}" font-size="20" font-family="${SANS}" fill="${p.deep}" text-anchor="middle">Finish</text>`;
}

function dotToDotPage(rnd: () => number, p: Palette): string {
  const points = Array.from({ length: 24 }, (_, i) => {
    const angle = (Math.PI * 2 * i) / 24;
    const radius = 230 + (i % 2 ? 70 : 0) + rnd() * 20;
    return [W / 2 + radius * Math.cos(angle), 560 + radius * Math.sin(angle)] as const;
  });
  return (
    points
      .map(
        ([x, y], i) =>
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6" fill="#222"/><text x="${(x + 10).toFixed(1)}" y="${(y - 10).toFixed(1)}" font-size="18" font-family="${SANS}" fill="#222">${i + 1}</text>`,
      )
      .join('') +
    `<text x="${W / 2}" y="${H - 90}" font-size="20" font-family="${SERIF}" font-style="italic" fill="${p.deep}" text-anchor="middle">Join the dots from 1 to 24</text>`
  );
}

function linedPage(prompt: string, p: Palette, dotted: boolean): string {
  const parts: string[] = [
    `<text x="80" y="160" font-size="22" font-family="${SANS}" fill="${p.deep}">Date: ____ / ____ / ________</text>`,
  ];
  parts.push(
    textLines(wrapText(prompt, 48), 80, 220, 24, 34, `font-family="${SERIF}" font-style="italic" fill="${p.ink}"`),
  );
  if (dotted) {
    for (let y = 300; y < H - 90; y += 28)
      for (let x = 80; x <= W - 80; x += 28) parts.push(`<circle cx="${x}" cy="${y}" r="1.8" fill="#9a9a9a"/>`);
  } else {
    for (let y = 320; y < H - 90; y += 44)
      parts.push(`<line x1="80" y1="${y}" x2="${W - 80}" y2="${y}" stroke="#9bb3c9" stroke-width="1.5"/>`);
    parts.push(`<line x1="120" y1="280" x2="120" y2="${H - 90}" stroke="#e79a9a" stroke-width="1.5"/>`);
  }
  return parts.join('');
}

const JOURNAL_PROMPTS = [
  'Three things that made me smile today, however small:',
  'Something I would like to remember about this week:',
  'A place I would love to visit, and why:',
  'What I learned today, and who I learned it from:',
];

function interiorPage(book: DemoBook, index: number): string {
  const p = paletteFor(book);
  const rnd = random(`${book.id}-page-${index}`);
  const pageNumber = 7 + index * 12 + Math.floor(rnd() * 5);
  const even = index % 2 === 0;
  switch (book.type) {
    case 'Puzzle':
      return even
        ? page(sudokuPage(rnd, p), pageNumber, `Puzzle ${pageNumber}`, p)
        : page(crosswordPage(rnd, p), pageNumber, `Crossword ${pageNumber}`, p);
    case 'Colouring':
      return even ? page(mandalaPage(rnd, p), pageNumber, '', p) : page(outlinePicturePage(rnd, p), pageNumber, '', p);
    case 'Activity':
      return even
        ? page(mazePage(rnd, p), pageNumber, 'Find the way through', p)
        : page(dotToDotPage(rnd, p), pageNumber, 'Dot to dot', p);
    case 'Journal':
      return page(
        linedPage(JOURNAL_PROMPTS[index % JOURNAL_PROMPTS.length]!, p, book.name.includes('Dotted')),
        pageNumber,
        '',
        p,
      );
  }
}

/** The SVG of each image of a book, in slot order: front, back, then interior pages. */
export function bookImageSvgs(book: DemoBook, imprint: string): string[] {
  const svgs = [frontCover(book, imprint), backCover(book, imprint)];
  for (let i = 0; svgs.length < book.pages; i += 1) svgs.push(interiorPage(book, i));
  return svgs.slice(0, Math.max(2, Math.min(6, book.pages)));
}

export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).resize(W, H).jpeg({ quality: 84 }).toBuffer();
}

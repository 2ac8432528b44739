import sharp from 'sharp';

/** The picture of an invitation shared into a chat: a square PNG (chats crop to a square). */
export const INVITE_SHARE_CARD_PATH = '/cdn/invite/share-card.png';
const SIZE = 600;

/** A gift box on the accent colour with confetti and coins; no text (chats add the title). */
export function shareCardSvg(size = SIZE): string {
  const confetti = [
    [88, 120, '#ffd166', 30],
    [500, 96, '#ffffff', 24],
    [548, 296, '#ffd166', 22],
    [64, 420, '#ffffff', 22],
    [150, 530, '#ff8fab', 26],
    [470, 512, '#ff8fab', 28],
    [300, 64, '#ffffff', 20],
    [60, 280, '#ff8fab', 18],
  ]
    .map(
      ([x, y, fill, r]) =>
        `<rect x="${x}" y="${y}" width="${r}" height="${Number(r) * 0.5}" rx="3" fill="${fill}" opacity=".9" transform="rotate(${(Number(x) + Number(y)) % 90} ${x} ${y})"/>`,
    )
    .join('');
  const coin = (cx: number, cy: number, r: number) =>
    `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="#f6b73c"/><circle cx="${cx}" cy="${cy}" r="${r * 0.74}" fill="none" stroke="#fff3c4" stroke-width="${r * 0.1}"/><path d="M${cx - r * 0.3} ${cy}h${r * 0.6}M${cx} ${cy - r * 0.3}v${r * 0.6}" stroke="#fff3c4" stroke-width="${r * 0.16}" stroke-linecap="round"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#00857f"/><stop offset="1" stop-color="#005a56"/></linearGradient>
  <linearGradient id="box" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#e8474f"/></linearGradient>
  <radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#ffffff" stop-opacity=".35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="600" height="600" fill="url(#bg)"/>
<circle cx="300" cy="320" r="250" fill="url(#glow)"/>
${confetti}
<ellipse cx="300" cy="478" rx="150" ry="18" fill="#000" opacity=".18"/>
<rect x="170" y="290" width="260" height="185" rx="14" fill="url(#box)"/>
<rect x="150" y="236" width="300" height="70" rx="14" fill="#ff7b7b"/>
<rect x="278" y="236" width="44" height="239" fill="#ffd166"/>
<path d="M300 236c-30-70-110-78-112-30-2 38 70 34 112 30z" fill="#ffd166"/>
<path d="M300 236c30-70 110-78 112-30 2 38-70 34-112 30z" fill="#ffc23d"/>
<circle cx="300" cy="232" r="18" fill="#ffb703"/>
${coin(150, 210, 34)}${coin(462, 176, 28)}${coin(470, 400, 22)}
</svg>`;
}

let rendered: Promise<Buffer> | undefined;

/** The card as PNG, rendered once per process. */
export function shareCardPng(): Promise<Buffer> {
  rendered ??= sharp(Buffer.from(shareCardSvg())).png({ compressionLevel: 9, palette: true }).toBuffer();
  return rendered;
}

import type { ShareIconName } from '../sheet-spec';

const svg = (body: string, color = '#fff') =>
  `<svg viewBox="0 0 32 32" fill="none" stroke="none" color="${color}" aria-hidden="true" focusable="false">${body}</svg>`;

/** Share target glyphs (drawn in the tile's foreground colour), 32×32. */
export const SHARE_ICONS: Readonly<Record<ShareIconName, string>> = {
  wechat: svg(
    '<path fill="currentColor" d="M12.5 5C7.3 5 3 8.6 3 13c0 2.5 1.4 4.7 3.6 6.2L5.8 22l3.3-1.7c1.1.3 2.2.5 3.4.5h.6a6.6 6.6 0 0 1-.3-2c0-4.3 4.1-7.8 9.2-7.8h.6C21.8 7.6 17.6 5 12.5 5Z"/>' +
      '<path fill="currentColor" d="M22 12.5c-4.4 0-8 3-8 6.6 0 3.7 3.6 6.6 8 6.6.9 0 1.8-.1 2.6-.4l2.8 1.4-.7-2.4c1.8-1.2 3-3.1 3-5.2 0-3.6-3.3-6.6-7.7-6.6Z"/>' +
      '<circle cx="9.3" cy="10.8" r="1.2" fill="#07c160"/><circle cx="15.5" cy="10.8" r="1.2" fill="#07c160"/>' +
      '<circle cx="19.4" cy="17.6" r="1" fill="#07c160"/><circle cx="24.6" cy="17.6" r="1" fill="#07c160"/>',
  ),
  wechatMoment: svg(
    '<circle cx="16" cy="16" r="10.5" stroke="currentColor" stroke-width="2.2"/>' +
      '<path stroke="currentColor" stroke-width="2.2" stroke-linecap="round" d="M16 5.5 20.6 15M26.3 14.2l-8.6 6M22.5 24.3 13.8 19.6M9.6 24.3 12 14.6M5.6 14.2 15.2 11"/>',
  ),
  weibo: svg(
    '<path fill="currentColor" d="M13.4 26C8 26 3.5 23.4 3.5 19.6c0-2 1.2-4.3 3.3-6.4 2.8-2.8 6-4.1 7.3-2.8.6.6.6 1.6.3 2.8-.2.6.6.3.6.3 2.5-1 4.7-1.1 5.5 0 .4.6.4 1.4 0 2.4-.2.5 0 .5.4.7 1.5.5 3.2 1.6 3.2 3.6 0 3.3-4.7 5.8-10.7 5.8Z"/>' +
      '<ellipse cx="12.8" cy="19.9" rx="5.6" ry="3.9" fill="#e6162d"/><circle cx="11.8" cy="20.2" r="1.7" fill="#fff"/>' +
      '<path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M21.5 6.6a6.2 6.2 0 0 1 6.3 7.6M21.2 10.2a2.6 2.6 0 0 1 3 3.2"/>',
  ),
  qq: svg(
    '<path fill="currentColor" d="M16 3.5c-4.3 0-7.3 3.3-7.3 7.6v1.6c-1 1.5-2.6 4.4-2.6 7 0 1.6.6 2 1 2 .6 0 1.3-1 1.8-2 .4 1.5 1.2 2.8 2.3 3.8-1.4.5-2.3 1.2-2.3 2 0 1.1 2.2 1.8 4.8 1.8 1.3 0 2.4-.2 3.2-.5h.3c.8.3 1.9.5 3.2.5 2.6 0 4.8-.7 4.8-1.8 0-.8-.9-1.5-2.3-2 1.1-1 1.9-2.3 2.3-3.8.5 1 1.2 2 1.8 2 .4 0 1-.4 1-2 0-2.6-1.6-5.5-2.6-7v-1.6c0-4.3-3-7.6-7.4-7.6Z"/>' +
      '<ellipse cx="13.3" cy="10.6" rx="1.3" ry="1.8" fill="#12b7f5"/><ellipse cx="18.7" cy="10.6" rx="1.3" ry="1.8" fill="#12b7f5"/>' +
      '<path fill="#ffc300" d="M11.3 14.4c3 1.3 6.4 1.3 9.4 0 .5.3.4 1-.1 1.2-3 1.2-6.2 1.2-9.2 0-.5-.2-.6-.9-.1-1.2Z"/>',
  ),
  saveToAlbum: svg(
    '<path stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" d="M16 5v13M10.5 12.8 16 18.3l5.5-5.5M6 19.5v3.3A3.2 3.2 0 0 0 9.2 26h13.6a3.2 3.2 0 0 0 3.2-3.2v-3.3"/>',
    '#3a3a3c',
  ),
  copyLink: svg(
    '<path stroke="currentColor" stroke-width="2.2" stroke-linecap="round" d="m14.2 10.3 2.3-2.3a5 5 0 0 1 7.1 7.1l-2.9 2.9a5 5 0 0 1-7.1 0M17.8 21.7l-2.3 2.3a5 5 0 0 1-7.1-7.1l2.9-2.9a5 5 0 0 1 7.1 0"/>',
    '#3a3a3c',
  ),
  privateLetter: svg(
    '<path fill="currentColor" d="M16 5C9.4 5 4 9.5 4 15c0 2.9 1.5 5.5 3.9 7.3L7 26.5l4.6-2.3c1.4.5 2.9.7 4.4.7 6.6 0 12-4.5 12-9.9S22.6 5 16 5Z"/>' +
      '<circle cx="10.5" cy="15" r="1.6" fill="#01c2c3"/><circle cx="16" cy="15" r="1.6" fill="#01c2c3"/><circle cx="21.5" cy="15" r="1.6" fill="#01c2c3"/>',
  ),
};

/** The close glyph (an ×). */
export const CLOSE_ICON =
  '<svg viewBox="0 0 12 12" aria-hidden="true" focusable="false"><path d="M1.5 1.5l9 9m0-9-9 9" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

import { describe, expect, it } from 'vitest';
import {
  imageProcessValue,
  isCdnImageUrl,
  lowDeviceImageWidth,
  optimiseImageUrl,
  PAGE_IMAGE_WIDTHS,
} from './image-url';

const Q = 'x-oss-process=image/quality,q_75/format,webp';

describe('imageProcessValue', () => {
  it('builds the OSS process value', () => {
    expect(imageProcessValue()).toBe('image/quality,q_75/format,webp');
    expect(imageProcessValue(1005)).toBe('image/resize,w_1005/quality,q_75/format,webp');
    expect(imageProcessValue(0)).toBe('image/quality,q_75/format,webp');
  });
});

describe('optimiseImageUrl', () => {
  it('adds q_75 + webp to both families', () => {
    expect(optimiseImageUrl('/cdn/a/b.jpg')).toBe(`/cdn/a/b.jpg?${Q}`);
    expect(optimiseImageUrl('https://cdn.community-h5.com/x.png')).toBe(
      `https://cdn.community-h5.com/x.png?${Q}`,
    );
    expect(optimiseImageUrl('//img.community-h5.com/x.jpeg')).toBe(`//img.community-h5.com/x.jpeg?${Q}`);
  });
  it('resizes to the article width', () => {
    expect(optimiseImageUrl('/cdn/a.jpg', { width: 1005 })).toBe(
      '/cdn/a.jpg?x-oss-process=image/resize,w_1005/quality,q_75/format,webp',
    );
  });
  it('keeps existing query params and the hash', () => {
    expect(optimiseImageUrl('/cdn/a.jpg?v=2#top')).toBe(`/cdn/a.jpg?v=2&${Q}#top`);
  });
  it('is idempotent', () => {
    const once = optimiseImageUrl('https://img.community-h5.com/a.jpg', { width: 1005 });
    expect(optimiseImageUrl(once, { width: 1005 })).toBe(once);
    expect(optimiseImageUrl(optimiseImageUrl('/cdn/a.jpg'))).toBe(`/cdn/a.jpg?${Q}`);
  });
  it('leaves GIF, SVG and foreign URLs untouched', () => {
    expect(optimiseImageUrl('/cdn/a.gif')).toBe('/cdn/a.gif');
    expect(optimiseImageUrl('https://cdn.community-h5.com/a.SVG?x=1')).toBe(
      'https://cdn.community-h5.com/a.SVG?x=1',
    );
    expect(optimiseImageUrl('https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
    expect(optimiseImageUrl('https://example.com/cdn/a.jpg')).toBe('https://example.com/cdn/a.jpg');
    expect(optimiseImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(optimiseImageUrl('cdn/a.jpg')).toBe('cdn/a.jpg');
  });
  it('matches absolute same-origin /cdn/ URLs when given the origin', () => {
    expect(optimiseImageUrl('http://localhost:3000/cdn/a.jpg', { origin: 'http://localhost:3000' })).toBe(
      `http://localhost:3000/cdn/a.jpg?${Q}`,
    );
    expect(isCdnImageUrl('http://localhost:3000/cdn/a.jpg')).toBe(false);
  });
  it('takes the family list as a parameter', () => {
    const families = { pathPrefixes: ['/media/'], hosts: ['pics.example.org'] };
    expect(optimiseImageUrl('/media/a.jpg', { families })).toBe(`/media/a.jpg?${Q}`);
    expect(optimiseImageUrl('https://pics.example.org/a.jpg', { families })).toBe(
      `https://pics.example.org/a.jpg?${Q}`,
    );
    expect(optimiseImageUrl('/cdn/a.jpg', { families })).toBe('/cdn/a.jpg');
  });
});

describe('PAGE_IMAGE_WIDTHS', () => {
  it('holds the article image width and the feed, slide and thumbnail widths, ascending', () => {
    for (const width of [1005, 360, 750, 240]) expect(PAGE_IMAGE_WIDTHS).toContain(width);
    expect([...PAGE_IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual(PAGE_IMAGE_WIDTHS);
  });
});

describe('low-device images (spec §9 low-device rule)', () => {
  it('asks for about two thirds of the width, at a width the CDN renders, and quality 50', () => {
    expect(imageProcessValue(360, true)).toBe('image/resize,w_240/quality,q_50/format,webp');
    expect(imageProcessValue(undefined, true)).toBe('image/quality,q_50/format,webp');
    expect(optimiseImageUrl('/cdn/seed/a.jpg', { width: 750, lowDevice: true })).toBe(
      '/cdn/seed/a.jpg?x-oss-process=image/resize,w_360/quality,q_50/format,webp',
    );
    expect(optimiseImageUrl('/cdn/seed/a.jpg', { width: 750, lowDevice: false })).toBe(
      '/cdn/seed/a.jpg?x-oss-process=image/resize,w_750/quality,q_75/format,webp',
    );
  });
  it('maps every page width to a smaller listed one (the smallest stays)', () => {
    expect(PAGE_IMAGE_WIDTHS.map(lowDeviceImageWidth)).toEqual([40, 40, 40, 64, 72, 96, 160, 240, 360, 360]);
    for (const width of PAGE_IMAGE_WIDTHS) expect(PAGE_IMAGE_WIDTHS).toContain(lowDeviceImageWidth(width));
  });
});

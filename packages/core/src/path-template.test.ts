import { describe, expect, it } from 'vitest';
import { fillPath, pathParams } from './path-template';

describe('path templates', () => {
  it('lists the parameter names in order', () => {
    expect(pathParams('/x/v1/:userId/items/:item_id')).toEqual(['userId', 'item_id']);
    expect(pathParams('/x/v1/items')).toEqual([]);
  });

  it('fills parameters URL-encoded and leaves the rest', () => {
    expect(fillPath('/x/v1/:userId/items/:itemId', { userId: 7, itemId: 'a/b c' })).toBe(
      '/x/v1/7/items/a%2Fb%20c',
    );
  });
});

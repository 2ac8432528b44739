import { describe, expect, it } from 'vitest';
import { isPending } from '../../platform/upload/queue-state';
import {
  coverIdOf,
  EMPTY_PICTURES,
  freeSlots,
  type PictureAction,
  type PictureList,
  pictureReducer,
  uploadedPictures,
} from './picture-list';

const uploading = (list: PictureList) => isPending(list.items);

const run = (actions: PictureAction[], from: PictureList = EMPTY_PICTURES) =>
  actions.reduce(pictureReducer, from);
const add = (...ids: string[]): PictureAction => ({
  type: 'add',
  items: ids.map((id) => ({ id, name: `${id}.jpg`, previewUrl: `blob:${id}` })),
});
const done = (id: string, width = 800, height = 600): PictureAction => ({
  type: 'done',
  id,
  key: `k/${id}`,
  cdn: `https://cdn.test/${id}.jpg`,
  width,
  height,
});
const ids = (list: PictureList) => list.items.map((item) => item.id);

describe('the publisher picture list (issue 32 point 1)', () => {
  it('keeps the order pictures were added; the first is the cover by default', () => {
    const list = run([add('a', 'b', 'c')]);
    expect(ids(list)).toEqual(['a', 'b', 'c']);
    expect(coverIdOf(list)).toBe('a');
    expect(list.items.map((item) => item.status)).toEqual(['checking', 'checking', 'checking']);
  });

  it('moves a picture earlier or later, and not past either end', () => {
    const list = run([add('a', 'b', 'c'), { type: 'move', id: 'c', by: -1 }]);
    expect(ids(list)).toEqual(['a', 'c', 'b']);
    expect(ids(pictureReducer(list, { type: 'move', id: 'a', by: -1 }))).toEqual(['a', 'c', 'b']);
    expect(ids(pictureReducer(list, { type: 'move', id: 'b', by: 1 }))).toEqual(['a', 'c', 'b']);
    expect(ids(pictureReducer(list, { type: 'move', id: 'a', by: 1 }))).toEqual(['c', 'a', 'b']);
  });

  it('the default cover follows the first place; a chosen cover stays with its picture', () => {
    const moved = run([add('a', 'b'), { type: 'move', id: 'b', by: -1 }]);
    expect(coverIdOf(moved)).toBe('b');
    const chosen = run([add('a', 'b', 'c'), { type: 'cover', id: 'c' }, { type: 'move', id: 'c', by: -1 }]);
    expect(coverIdOf(chosen)).toBe('c');
    expect(ids(chosen)).toEqual(['a', 'c', 'b']);
  });

  it('removing the cover makes the first picture the cover again', () => {
    const list = run([add('a', 'b', 'c'), { type: 'cover', id: 'b' }, { type: 'remove', id: 'b' }]);
    expect(ids(list)).toEqual(['a', 'c']);
    expect(list.coverId).toBeNull();
    expect(coverIdOf(list)).toBe('a');
    expect(coverIdOf(run([add('a'), { type: 'remove', id: 'a' }]))).toBeNull();
  });

  it('ignores a cover for a picture that is not in the list', () => {
    const list = run([add('a'), { type: 'cover', id: 'zz' }]);
    expect(list.coverId).toBeNull();
  });

  it('counts the free slots under the limit of 9', () => {
    const list = run([add('1', '2', '3', '4', '5', '6', '7')]);
    expect(freeSlots(list, 9)).toBe(2);
    expect(freeSlots(run([add('8', '9', '10')], list), 9)).toBe(0);
    expect(freeSlots(EMPTY_PICTURES, 9)).toBe(9);
  });

  it('tracks progress to done with the stored URL and pixel size', () => {
    const list = run([add('a', 'b'), { type: 'progress', id: 'a', percent: 42.4 }]);
    expect(list.items[0]).toMatchObject({ status: 'uploading', percent: 42 });
    expect(uploading(list)).toBe(true);
    const finished = run([done('a', 1080, 1440), done('b')], list);
    expect(finished.items[0]).toMatchObject({
      status: 'done',
      percent: 100,
      cdn: 'https://cdn.test/a.jpg',
      width: 1080,
      height: 1440,
    });
    expect(uploading(finished)).toBe(false);
  });

  it('sends only uploaded pictures, in order, with the cover index among them', () => {
    const list = run([
      add('a', 'b', 'c'),
      done('a'),
      { type: 'fail', id: 'b', error: '上传失败' },
      done('c', 640, 480),
      { type: 'cover', id: 'c' },
    ]);
    expect(uploadedPictures(list)).toEqual({
      pictures: [
        { key: 'k/a', url: 'https://cdn.test/a.jpg', width: 800, height: 600 },
        { key: 'k/c', url: 'https://cdn.test/c.jpg', width: 640, height: 480 },
      ],
      coverIndex: 1,
    });
  });

  it('restores a draft as uploaded pictures with its cover', () => {
    const list = pictureReducer(EMPTY_PICTURES, {
      type: 'restore',
      pictures: [
        { key: 'k/x', url: 'https://cdn.test/x.jpg', width: 10, height: 20 },
        { key: 'k/y', url: 'https://cdn.test/y.jpg', width: 30, height: 40 },
      ],
      coverIndex: 1,
    });
    expect(list.items.map((item) => [item.status, item.key, item.previewUrl])).toEqual([
      ['done', 'k/x', 'https://cdn.test/x.jpg'],
      ['done', 'k/y', 'https://cdn.test/y.jpg'],
    ]);
    expect(uploadedPictures(list).coverIndex).toBe(1);
    // Restored ids never collide with the next picked file's.
    expect(ids(pictureReducer(list, add('upload-1')))).toEqual(['stored-0', 'stored-1', 'upload-1']);
  });
});

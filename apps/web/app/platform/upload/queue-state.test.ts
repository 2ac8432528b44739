import { describe, expect, it } from 'vitest';
import { doneKeys, isPending, type QueuedUpload, queueReducer } from './queue-state';

const add = (queue: QueuedUpload[], ...ids: string[]) =>
  queueReducer(queue, {
    type: 'add',
    items: ids.map((id) => ({ id, name: `${id}.png`, previewUrl: `blob:${id}` })),
  });

describe('queueReducer', () => {
  it('walks a file from checking through uploading to done', () => {
    let queue = add([], 'a');
    expect(queue[0]).toMatchObject({ status: 'checking', percent: 0 });
    expect(isPending(queue)).toBe(true);
    queue = queueReducer(queue, { type: 'progress', id: 'a', percent: 42.4 });
    expect(queue[0]).toMatchObject({ status: 'uploading', percent: 42 });
    queue = queueReducer(queue, { type: 'progress', id: 'a', percent: 10 });
    expect(queue[0]?.percent).toBe(42);
    queue = queueReducer(queue, { type: 'done', id: 'a', key: 'k/a.png', cdn: '/cdn/k/a.png' });
    expect(queue[0]).toMatchObject({ status: 'done', percent: 100, key: 'k/a.png' });
    expect(isPending(queue)).toBe(false);
    // A late progress event does not reopen it.
    expect(queueReducer(queue, { type: 'progress', id: 'a', percent: 99 })[0]?.status).toBe('done');
  });

  it('keeps the failure message, retries from checking, removes, and lists done keys in order', () => {
    let queue = add([], 'a', 'b', 'c');
    queue = queueReducer(queue, {
      type: 'fail',
      id: 'a',
      error: '图片类型仅支持以下格式：【 .jpg .png .gif .webp 】',
    });
    expect(queue[0]).toMatchObject({
      status: 'error',
      error: '图片类型仅支持以下格式：【 .jpg .png .gif .webp 】',
    });
    queue = queueReducer(queue, { type: 'retry', id: 'a' });
    expect(queue[0]).toMatchObject({ status: 'checking', error: null, percent: 0 });
    queue = queueReducer(queue, { type: 'done', id: 'c', key: 'c', cdn: '' });
    queue = queueReducer(queue, { type: 'done', id: 'a', key: 'a', cdn: '' });
    queue = queueReducer(queue, { type: 'remove', id: 'b' });
    expect(queue.map((item) => item.id)).toEqual(['a', 'c']);
    expect(doneKeys(queue)).toEqual(['a', 'c']);
  });
});

import type { TopReply } from '@h5/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import { CommentItem } from './CommentItem';

const user = (userId: number, userName: string) => ({ userId, userName, avatar: '/a.svg' });

function reply(replyId: number, author: ReturnType<typeof user>, children: TopReply[] = []): TopReply {
  return {
    replyId,
    contentId: 1,
    parentId: null,
    content: `reply ${replyId}`,
    author,
    replyToUser: null,
    createdAt: 0,
    isSelf: false,
    replyCount: children.length,
    child: { replyList: children },
  };
}

const render = (item: TopReply, lzUserId: number | null) => {
  // The author links are router links, and the avatar's size reads the root data (low-device hint).
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <CommentItem
          reply={item}
          paging={undefined}
          onExpand={() => undefined}
          mapping={new Map()}
          lzUserId={lzUserId}
          now={0}
          onReply={() => undefined}
          onDelete={() => undefined}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/']} />);
};

describe('the 楼主 badge', () => {
  it('marks the comments of the content’s author (from meme lzinfo), top-level and nested, and no one else’s', () => {
    const author = user(7, '楼主本人');
    const item = reply(1, user(3, '路人'), [reply(2, author)]);
    const html = render(item, 7);
    expect(html.match(/data-testid="lz-badge"/g)).toHaveLength(1);
    expect(html).toContain(COMMENT_TEXT.lz);
    expect(render(item, null)).not.toContain('lz-badge');
    expect(render(reply(4, author), 7)).toContain('lz-badge');
  });
});

describe('the comment author', () => {
  it('links to the user home, marked as a jump link (the native user screen in the app)', () => {
    const html = render(reply(1, user(3, '路人')), null);
    // The author's links (the comment's 举报 is a link too, to the report page).
    const links = (html.match(/<a [^>]*>/g) ?? []).filter((link) => !link.includes('comment-report'));
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toContain('href="/community/user?userId=3"');
      expect(link).toContain('data-jump=""');
    }
    // The avatar repeats the name's link: hidden from keyboards and screen readers.
    expect(links[0]).toContain('tabindex="-1" aria-hidden="true"');
    expect(links[1]).toContain('data-testid="comment-author"');
  });
});

describe('the comment report', () => {
  it('leads another user’s comment to the report page with the comment and its content', () => {
    const html = render(reply(1, user(3, '路人')), null);
    const report = html.match(/<a [^>]*data-testid="comment-report"[^>]*>/)?.[0] ?? '';
    expect(report).toContain('targetType=comment&amp;targetId=1&amp;contentId=1"');
  });
});

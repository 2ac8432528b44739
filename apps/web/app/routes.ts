import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  // The recommend feed, at the site root and at its community path.
  index('routes/content/feed.tsx', { id: 'content-feed' }),
  route('community/feed', 'routes/content/feed.tsx', { id: 'content-feed-alias' }),
  // The 关注 feed (issue 32 point 4): a route of its own, so `/` loads none of it.
  route('community/feed/following', 'routes/content/following-feed.tsx'),
  route('community/content/:contentId', 'routes/content/detail.tsx'),
  // Jump-table fallbacks (spec §2) and our share paths; inside the app they open native screens.
  route('community/user', 'routes/community/user-home.tsx'),
  route('user-home/share', 'routes/community/user-home.tsx', { id: 'user-home-share' }),
  route('community/topic', 'routes/content/topic.tsx'),
  // The feed's channels and the reader's followings.
  route('community/hot-video', 'routes/content/hot-video.tsx'),
  route('community/new-commodity', 'routes/content/new-commodity.tsx'),
  route('community/following', 'routes/community/following.tsx'),
  // Search (issue 32 point 2): the feed header's search box opens it; `?q=&tab=` keep the results.
  route('search', 'routes/search/search.tsx'),
  // The user's own gender, birth year and region (issue 31 point 5; login only), from their home.
  route('community/profile', 'routes/community/profile.tsx'),
  // The web publisher (issue 32 point 1; login only): pictures or an article, a topic, products.
  route('community/publish', 'routes/publish/publish.tsx'),
  // Issue 32 point 3: the reader's messages (login only).
  route('community/messages', 'routes/message/messages.tsx'),
  route('dongtai', 'routes/content/topic.tsx', { id: 'topic-dongtai' }),
  route('community/trend', 'routes/content/content-jump.tsx', { id: 'jump-trend' }),
  route('community/posts', 'routes/content/content-jump.tsx', { id: 'jump-posts' }),
  route('community/news', 'routes/content/content-jump.tsx', { id: 'jump-news' }),
  route('community-share', 'routes/content/content-jump.tsx', { id: 'share-community' }),
  route('column', 'routes/content/content-jump.tsx', { id: 'share-column' }),
  route('note/details', 'routes/content/content-jump.tsx', { id: 'share-note' }),
  route('login', 'routes/auth/login.tsx'),
  // The user agreement and privacy policy (`user`, `privacy`), linked from the web login.
  route('agreement/:doc', 'routes/legal/legal.tsx'),
  // Creator tools (issue 15, login only): the upgrade programme and the video account.
  route('creator/upgrade', 'routes/creator/upgrade.tsx'),
  route('creator/video-account', 'routes/creator/video-account.tsx'),
  route('creator/video-account/card', 'routes/creator/video-account-card.tsx'),
  // Feedback (login only): report a content, comment or user; tell search what it missed.
  route('feedback/accuse', 'routes/feedback/accuse.tsx'),
  route('feedback/search-idea', 'routes/feedback/search-idea.tsx'),
  // Creator data centre (issue 15 point 1; login only): overview, contents, fans; a content's days.
  route('creator/data-center', 'routes/creator/data-center.tsx'),
  route('creator/data-center/content/:contentId', 'routes/creator/data-center-content.tsx'),
  // The product commission programme (issue 17 point 2; login only).
  route('commerce/commission', 'routes/commerce/commission.tsx'),
  // Shoe evaluations (issue 17 point 3): the list, a product's page, the evaluation form.
  route('shoe-eval', 'routes/shoe-eval/list.tsx'),
  route('shoe-eval/spu', 'routes/shoe-eval/spu.tsx'),
  route('shoe-eval/evaluate', 'routes/shoe-eval/evaluate.tsx'),
  // Live lotteries (issue 17 point 1): the card, the winner's address, the host's waybills.
  route('live/lottery', 'routes/lottery/lottery.tsx'),
  // Invitations (issue 18 points 1, 2): the inviter's page (login) and week (login), the landing.
  route('invite', 'routes/invite/invite.tsx'),
  route('invite/weekly', 'routes/invite/weekly.tsx'),
  route('invite/landing', 'routes/invite/landing.tsx'),
  // h5-sociality activities (issue 18 point 4): windows; exempt from the reload after a native login.
  // (strange-encounters, 520, tanabata, gravity/xinyin: one route, a table of pages; others 404)
  route('h5-sociality/*', 'routes/activity/activity.tsx'),
  // The new-year AR activity (issue 17 point 5): AR products and hacking tasks in its window.
  route('activity/new-year-ar', 'routes/activity/new-year-ar.tsx'),
  // Invitations (issue 18 point 3): the starter tasks (login), an activity's guide, the pick report (login).
  route('invite/tasks', 'routes/invite/tasks.tsx'),
  route('activity/guide', 'routes/activity/activity-guide.tsx'),
  route('creator/pick-report', 'routes/creator/pick-report.tsx'),
  // Live (issue 16): host centre, fans group (host view with userRole=1), the live jump's room fallback.
  route('live/host', 'routes/live/host.tsx'),
  route('live/fans-group', 'routes/live/fans-group.tsx'),
  route('live/room', 'routes/live/room.tsx'),
  // The backstage (issue 30): operators' desktop pages, served in every environment; each call
  // checks the operator session and role on the server.
  layout('routes/backstage/layout.tsx', [
    route('backstage', 'routes/backstage/home.tsx'),
    route('backstage/moderation/reports', 'routes/backstage/moderation-reports.tsx'),
    route('backstage/moderation/contents', 'routes/backstage/moderation-contents.tsx'),
    route('backstage/moderation/comments', 'routes/backstage/moderation-comments.tsx'),
    route('backstage/moderation/bans', 'routes/backstage/moderation-bans.tsx'),
    route('backstage/moderation/search-ideas', 'routes/backstage/moderation-search-ideas.tsx'),
    route('backstage/picks', 'routes/backstage/picks.tsx'),
    route('backstage/video-account-review', 'routes/backstage/video-account-review.tsx'),
    route('backstage/staffing', 'routes/backstage/staffing.tsx'),
    route('backstage/lotteries', 'routes/backstage/lotteries.tsx'),
    route('backstage/lotteries/:lotteryId', 'routes/backstage/lottery-detail.tsx'),
    route('backstage/windows', 'routes/backstage/windows.tsx'),
    route('backstage/config', 'routes/backstage/config.tsx'),
    route('backstage/audit', 'routes/backstage/audit.tsx'),
    route('backstage/operators', 'routes/backstage/operators.tsx'),
    route('backstage/jobs', 'routes/backstage/jobs.tsx'),
  ]),
  // Internal pages: the server serves /internal/*, /analytics and /__debug/* only where internal
  // pages are allowed (apps/server/src/plugins/internal-access.ts; 404 in production).
  // What clients reported (spec §8 telemetry).
  route('internal/telemetry', 'routes/analytics/telemetry.tsx'),
  route('internal/analytics', 'routes/analytics/analytics.tsx'),
  // The issue names it /analytics; the same internal page.
  route('analytics', 'routes/analytics/analytics.tsx', { id: 'analytics-alias' }),
  // Every bridge message, gate and login-gated action.
  route('internal/bridge', 'routes/debug/bridge.tsx'),
  // Upload any file in a chosen mode (multipart resume).
  route('internal/upload', 'routes/upload/upload-console.tsx'),
  // Play a live stream where none runs: start, end, watch, light, comment, share, join (issue 16).
  route('internal/live-console', 'routes/live/console.tsx'),
  // The development stand-ins of outside pages the spec names none of: the app store, the payout
  // provider's sign page (the defaults of APP_STORE_URL_* and FLEXIBLE_STAFFING_SIGN_URL outside pro).
  route('internal/stand-in/:page', 'routes/stand-in/stand-in.tsx'),
  // Test hook: throws while rendering (see the file).
  route('__debug/render-error', 'routes/debug/render-error.tsx'),
  // Any other URL: HTTP 404 and the not-found screen (issue 14 point 2).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

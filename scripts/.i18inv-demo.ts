// Temporary demo data for screenshots (not committed).
import { contract } from '@h5/contract';
import { createApiClient } from '@h5/request';

const base = process.env.BASE ?? 'http://localhost:3118';
const secret = 'community-h5-dev-sign-secret';
const api = (tokens?: { duToken: string; xAuthToken: string }) =>
  createApiClient({ baseUrl: base, signSecret: secret, authTokens: () => tokens });
const phone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
async function login(p = phone()) {
  await api()(contract.auth.sendLoginCode, { phone: p });
  const { messages } = await api()(contract.auth.loginOutbox, { phone: p });
  return api()(contract.auth.login, { phone: p, code: messages[0]!.code });
}
const inviter = await login();
const start = await api(inviter)(contract.invite.startInvite, {});
const invitees = [];
for (let i = 0; i < 3; i++) {
  const p = phone();
  await api()(contract.invite.sendCaptcha, { phone: p });
  const { messages } = await api()(contract.auth.loginOutbox, { phone: p });
  const auth = await api()(contract.invite.inviteAuth, { phone: p, smsCode: messages[0]!.code });
  const s = await api()(contract.invite.invitedSignUp, { code: start.code, authToken: auth.authToken });
  invitees.push(s);
}
const feed = await api()(contract.content.moreRecommend, { limit: 10 });
for (const [i, s] of invitees.entries()) {
  const c = api({ duToken: s.duToken, xAuthToken: s.xAuthToken });
  for (const card of feed.list.slice(0, i === 0 ? 5 : 2)) {
    await c(contract.community.addContentLight, { contentId: card.contentId }).catch((e) =>
      console.error(String(e)),
    );
  }
  if (i === 0) {
    for (const card of feed.list.slice(0, 3)) {
      await c(contract.community.followAdd, { userId: card.author.userId }).catch((e) =>
        console.error(String(e)),
      );
    }
  }
}
console.log(JSON.stringify({ inviter, code: start.code }));

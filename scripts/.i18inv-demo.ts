import { contract } from '@h5/contract';
import { createApiClient } from '@h5/request';

const base = 'http://localhost:3118';
const api = createApiClient({
  baseUrl: base,
  signSecret: 'community-h5-dev-sign-secret',
  authTokens: () => undefined,
});
const phone = process.argv[2] ?? '13800000015';
await api(contract.auth.sendLoginCode, { phone }).catch(() => undefined);
const { messages } = await api(contract.auth.loginOutbox, { phone });
const t = await api(contract.auth.login, { phone, code: messages[0]!.code });
console.log(JSON.stringify(t));

import { type contract, type DomainName, type EntryName, type EntryOf, entryOf } from '@h5/contract';

type Table = typeof contract;

// One dynamic import per domain, so each domain's schemas are a chunk of their own: a page's
// first calls (the analytics send, the late client-conf) evaluate only their domains' zod
// schemas, not the whole table's (~140 ms of main thread at Lighthouse's 4× CPU, docs/performance.md).
const domains: { [D in DomainName]: () => Promise<Table[D]> } = {
  activity: () => import('@h5/contract/domains/activity').then((m) => m.activity),
  analytics: () => import('@h5/contract/domains/analytics').then((m) => m.analytics),
  auth: () => import('@h5/contract/domains/auth').then((m) => m.auth),
  backstage: () => import('@h5/contract/domains/backstage').then((m) => m.backstage),
  commerce: () => import('@h5/contract/domains/commerce').then((m) => m.commerce),
  community: () => import('@h5/contract/domains/community').then((m) => m.community),
  config: () => import('@h5/contract/domains/config').then((m) => m.config),
  content: () => import('@h5/contract/domains/content').then((m) => m.content),
  creator: () => import('@h5/contract/domains/creator').then((m) => m.creator),
  feedback: () => import('@h5/contract/domains/feedback').then((m) => m.feedback),
  invite: () => import('@h5/contract/domains/invite').then((m) => m.invite),
  live: () => import('@h5/contract/domains/live').then((m) => m.live),
  lottery: () => import('@h5/contract/domains/lottery').then((m) => m.lottery),
  message: () => import('@h5/contract/domains/message').then((m) => m.message),
  search: () => import('@h5/contract/domains/search').then((m) => m.search),
  shoeEval: () => import('@h5/contract/domains/shoe-eval').then((m) => m.shoeEval),
  upload: () => import('@h5/contract/domains/upload').then((m) => m.upload),
};

/** The endpoint `name` stands for, loading only its domain's part of the contract table. */
export async function loadEndpoint<N extends EntryName>(name: N): Promise<EntryOf<N>> {
  const domain = name.split('.')[0] as DomainName;
  // An unknown domain finds no table, and entryOf names the entry it lacks.
  const calls = Object.hasOwn(domains, domain) ? await domains[domain]() : undefined;
  return entryOf({ [domain]: calls }, name);
}

import { CLIENT_CONF_REF, DEFAULT_CONFIG_PROJECT } from '@h5/contract';
import { DYEING_ENVS } from './vocab';

/** Config centre entries: one stored as a JSON string, the others as objects (spec §7 "may be either"). */
export const SEED_CONFIG_ENTRIES = [
  {
    hash: '9f2c4e1a7b',
    projectName: DEFAULT_CONFIG_PROJECT,
    key: 'feed-banner',
    type: 'config',
    value: { title: '春季球鞋季', subtitle: '上新 · 晒单 · 评测', link: '/content/feed' },
  },
  {
    hash: '3b8d0c5f21',
    projectName: DEFAULT_CONFIG_PROJECT,
    key: 'share-copy',
    type: 'config',
    value: JSON.stringify({ shareTitle: '来看看这篇好物分享', shareContent: '社区精选内容' }),
  },
  {
    hash: 'c41e7a9d08',
    projectName: DEFAULT_CONFIG_PROJECT,
    key: 'feature-flags',
    type: 'config',
    value: { lightAnimation: true, hotVideoTab: true },
  },
  // The site's client-conf: the error-page switch off, no site notice.
  { ...CLIENT_CONF_REF, type: 'config', value: { errorPageSwitch: false } },
] as const;

export const SEED_DYEING_ENVS = DYEING_ENVS.map(([name, cName], sort) => ({ name, cName, sort }));

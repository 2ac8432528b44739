// Issue 12 point 10: a content's page carries its own title, description and image in its meta
// (Open Graph, Twitter, the itemprop tags older WeChat versions read), so a link shared into a
// chat shows the content; and the app's share sheet gets the same share info (one function
// builds both). The expected values are the seeded contents' own text, written out here.
import { describe, expect, inject, it } from 'vitest';
import { useAppSimulator } from './support/app';
import { slowPrefetch, waitForHydration } from './support/page';

/** The page's meta tags as `property|name|itemprop` → content (the first of each). */
function metaOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name|itemProp|itemprop)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined && !(key in tags)) tags[key] = decode(content);
  }
  return tags;
}

const decode = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<');

/** The CDN's 750-wide webp of a seeded photo, as an absolute URL. */
const image750 = (baseURL: string, path: string) =>
  `${baseURL}${path}&x-oss-process=image/resize,w_750/quality,q_75/format,webp`;

const CONTENT_1 = {
  title: '耐克 Air Force 1「大学蓝」穿搭分享，被问爆了',
  // The text's first 99 characters (line breaks as spaces) and an ellipsis: it has 108.
  description:
    '鞋型很正，楦头偏窄，脚宽的朋友建议大半码。这双的重量很友好，日常通勤完全没负担。 鞋带孔的设计很细节，系紧后包裹性很好。对比上一代，鞋面更透气了。 配色很百搭，牛仔裤和工装裤都能驾驭。中底回弹明显，…',
  image: '/cdn/seed/c1-1.jpg?w=750&h=1000',
};

describe('share metadata of a content page', () => {
  const apps = useAppSimulator();
  const baseURL = inject('baseURL');
  const html = async (path: string) => (await fetch(`${baseURL}${path}`)).text();

  it('a picture content: its title, its text, its first image at 750 px, its share link', async () => {
    const meta = metaOf(await html('/community/content/1'));
    const image = image750(baseURL, CONTENT_1.image);
    expect(meta).toMatchObject({
      description: CONTENT_1.description,
      'og:type': 'article',
      'og:site_name': '社区',
      'og:title': CONTENT_1.title,
      'og:description': CONTENT_1.description,
      'og:image': image,
      'og:image:width': '750',
      'og:image:height': '1000',
      'og:url': `${baseURL}/note/details?id=1`,
      'twitter:card': 'summary_large_image',
      'twitter:title': CONTENT_1.title,
      'twitter:description': CONTENT_1.description,
      'twitter:image': image,
      name: CONTENT_1.title,
      image,
    });
    // The image is one the CDN serves at that width.
    const served = await fetch(image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('a video: its cover; an article (RichText): the text of its blocks; a text-only content: no image', async () => {
    const video = metaOf(await html('/community/content/5'));
    expect(video['og:title']).toBe('一周骑行穿搭，亚瑟士Gel-1130承包了');
    expect(video['og:image']).toBe(image750(baseURL, '/cdn/seed/c5-1.jpg?w=900&h=1200'));
    expect([video['og:image:width'], video['og:image:height']]).toEqual(['750', '1000']);

    const article = metaOf(await html('/community/content/3'));
    expect(article['og:title']).toBe('550 薄荷绿，绝了！');
    expect(article['og:description']).toBe(
      '周末去公园拍了几张，阳光下颜色特别好看。鞋型很正，楦头偏窄，脚宽的朋友建议大半码。 皮料比想象中软，细节做工挺扎实的。鞋型很正，楦头偏窄，脚宽的朋友建议大半码。周末去公园拍了几张，阳光下颜色特别好看…',
    );
    expect(article['og:image']).toBe(image750(baseURL, '/cdn/seed/c3-1.jpg?w=1280&h=720'));
    expect([article['og:image:width'], article['og:image:height']]).toEqual(['750', '422']);

    const text = metaOf(await html('/community/content/8'));
    expect(text['og:title']).toBe('创作者收益怎么算？我的第一笔收入');
    expect(text['og:image']).toBeUndefined();
    expect(text['twitter:card']).toBe('summary');
  });

  it('the share landing path shows the same content', async () => {
    const meta = metaOf(await html('/note/details?id=1'));
    expect(meta['og:title']).toBe(CONTENT_1.title);
    expect(meta['og:url']).toBe(`${baseURL}/note/details?id=1`);
  });

  it('the app’s share sheet gets the share info the meta carries, prefetched or rendered in the browser', async () => {
    const expected = {
      shareTitle: CONTENT_1.title,
      shareContent: CONTENT_1.description,
      shareImage: image750(baseURL, CONTENT_1.image),
      shareUrl: `${baseURL}/note/details?id=1`,
    };
    for (const slow of [false, true]) {
      const sim = await apps.launch();
      if (slow) await slowPrefetch(sim.page, 8000);
      await sim.goto('/community/content/1');
      await waitForHydration(sim.page);
      await sim.page.getByTestId('detail-title').waitFor({ timeout: 15_000 });
      const since = Date.now();
      await sim.page.getByTestId('share-button').click();
      const call = await sim.waitForCall('share', { since });
      expect(call.payload, slow ? 'rendered in the browser' : 'prefetched').toEqual(expected);
    }
  });
});

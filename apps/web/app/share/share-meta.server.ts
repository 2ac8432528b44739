import type { MetaDescriptor } from 'react-router';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import type { ContentShare } from './share-info';

/**
 * A content page's meta from its share info, so a link shared into a chat shows the content:
 * the title and description, Open Graph (what WeChat's newer versions, QQ, Weibo and most apps
 * read), Twitter's card, and the schema.org `itemprop` tags older WeChat versions read. Built by
 * the loader on the server, so the browser's first-load JS carries none of it.
 */
export function contentShareMeta({ info, imageSize }: ContentShare): MetaDescriptor[] {
  const { shareTitle: title, shareContent: description, shareImage: image, shareUrl: url } = info;
  const tags: MetaDescriptor[] = [
    { title: `${title} · ${SHELL_TEXT.siteTitle}` },
    { name: 'description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: SHELL_TEXT.siteTitle },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { itemProp: 'name', content: title },
    { itemProp: 'description', content: description },
  ];
  if (image) {
    tags.push(
      { property: 'og:image', content: image },
      { name: 'twitter:image', content: image },
      { itemProp: 'image', content: image },
    );
    if (imageSize) {
      tags.push(
        { property: 'og:image:width', content: String(imageSize.width) },
        { property: 'og:image:height', content: String(imageSize.height) },
      );
    }
  }
  return tags;
}

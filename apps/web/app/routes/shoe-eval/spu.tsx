import type { ShoeEvalInfo, ShoeEvaluation } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { queryId } from '../../lib/query-id';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SHOE_EVAL_TEXT as text } from '../../lib/ui-text/shoe-eval';
import { ProgressBar } from '../../shell/ActionRow';
import { EntryScreen } from '../../shell/EntryScreen';
import { Placeholder } from '../../shell/Placeholder';
import { WantButton } from '../../shell/product/WantButton';
import { Screen } from '../../shell/Screen';
import { SectionCard } from '../../shell/SectionCard';
import shell from '../../shell/screen.module.css';
import type { Route } from './+types/spu';
import { ShoeStars } from './ShoeStars';
import '../../shell/product/want.css';
import styles from './shoe-eval.module.css';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.info?.product.title ?? text.spuTitle} · ${SHELL_TEXT.siteTitle}` },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const spuId = queryId(request, 'spuId');
  if (spuId === null) return { spuId, info: null };
  return { spuId, info: dataOf(await prefetch(context, 'shoeEval.shoeEvalInfo', { spuId })) };
}

/** One product's evaluations: aggregate stars, distribution, dimensions, the newest, mine. */
export default function ShoeEvalSpuScreen({ loaderData }: Route.ComponentProps) {
  const { spuId } = loaderData;
  if (spuId === null)
    return (
      <Screen title={text.spuTitle} fallback="/shoe-eval" backTestId="shoe-eval-back">
        <Placeholder type="empty" text={text.notOpen} home />
      </Screen>
    );
  return <Spu spuId={spuId} seed={loaderData.info} />;
}

function Spu({ spuId, seed }: { spuId: number; seed: ShoeEvalInfo | null }) {
  const entry = useEntry('shoeEval.shoeEvalInfo', { spuId }, seed);
  return (
    <EntryScreen
      title={text.spuTitle}
      fallback="/shoe-eval"
      backTestId="shoe-eval-back"
      testId="shoe-eval-spu"
      entry={entry}
      refresh="shoeEval.shoeEvalInfo"
      missing={text.notOpen}
    >
      {(info) => <SpuBody info={info} />}
    </EntryScreen>
  );
}

/** Stars (1–5) as a figure out of 10: one scale for every figure of the results. */
const starsOnTen = (stars: number) => Math.round(stars * 20) / 10;

function SpuBody({ info }: { info: ShoeEvalInfo }) {
  const { product, aggregate, recent, mine } = info;
  const widest = Math.max(1, ...aggregate.distribution.map((d) => d.count));
  return (
    <>
      <section className={shell.card}>
        <div className={styles.head}>
          <img
            className={styles.logo}
            src={optimiseImageUrl(product.logoUrl, { width: 240 })}
            width={88}
            height={88}
            alt={product.title}
          />
          <div className={styles.info}>
            <h2 className={styles.name}>{product.title}</h2>
            <p className={styles.line}>
              <span className={styles.price}>{PRODUCT_TEXT.price(product.price)}</span>
            </p>
          </div>
          <WantButton product={product} className={styles.wantInline} />
        </div>
      </section>
      <section className={shell.card} data-testid="shoe-eval-aggregate" aria-label={text.average}>
        <div className={styles.head}>
          <span className={styles.big} data-testid="shoe-eval-average">
            {aggregate.count > 0 ? aggregate.average.toFixed(1) : '—'}
          </span>
          <span className={styles.info}>
            <ShoeStars score={aggregate.average} label={text.scoreValue(aggregate.average)} />
            <span className={styles.line}>
              <span data-testid="shoe-eval-count">
                {aggregate.count > 0 ? text.count(aggregate.count) : text.noScore}
              </span>
              <span aria-hidden="true">·</span>
              <span data-testid="shoe-eval-scale">{text.scale}</span>
            </span>
          </span>
        </div>
        <h3 className={styles.subTitle}>{text.distribution}</h3>
        <ul className={styles.levels}>
          {aggregate.distribution.map((d) => (
            <li key={d.stars} className={styles.level} data-testid={`shoe-eval-bar-${d.stars}`}>
              <span>{text.starsLabel(d.stars)}</span>
              <span className={styles.levelBar}>
                <ProgressBar value={d.count} target={widest} />
              </span>
              <span>{d.count}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.dims}>
          {(['comfort', 'looks', 'value'] as const).map((k) => {
            // A dimension's mean stars on the score's scale (out of 10), as the average above.
            const onTen = starsOnTen(aggregate.dimensions[k]);
            return (
              <div key={k} data-testid={`shoe-eval-dim-${k}`}>
                <dt>{text.dimensions[k]}</dt>
                <dd>
                  <span className={styles.dimFigure}>{aggregate.count > 0 ? onTen.toFixed(1) : '—'}</span>
                  <ShoeStars score={onTen} label={text.scoreValue(onTen)} />
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
      {mine ? (
        <SectionCard title={text.mine} testId="shoe-eval-mine">
          <Review review={mine} />
        </SectionCard>
      ) : null}
      <SectionCard title={text.recent}>
        {recent.length === 0 ? <p className={shell.note}>{text.recentEmpty}</p> : null}
        {recent.map((r) => (
          <Review key={r.evaluationId} review={r} />
        ))}
      </SectionCard>
      {mine ? null : (
        <Link
          className={styles.cta}
          to={`/shoe-eval/evaluate?spuId=${product.spuId}`}
          data-testid="shoe-eval-start"
        >
          {text.evaluate}
        </Link>
      )}
    </>
  );
}

function Review({ review }: { review: ShoeEvaluation }) {
  return (
    <article className={shell.stackedRow} data-testid="shoe-eval-review">
      <div className={shell.rowHead}>
        <img
          className={styles.avatar}
          src={review.user.avatar}
          alt=""
          width={28}
          height={28}
          loading="lazy"
        />
        <span>{review.user.userName}</span>
        <ShoeStars score={review.score} label={text.scoreValue(review.score)} />
      </div>
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
      {review.images.length > 0 ? (
        <div className={styles.photos}>
          {review.images.map((image) => (
            <img key={image.key} src={image.url} alt={review.text || review.user.userName} loading="lazy" />
          ))}
        </div>
      ) : null}
    </article>
  );
}

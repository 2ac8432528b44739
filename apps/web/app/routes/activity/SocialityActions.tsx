import type { EncounterCard, XinyinProduct } from '@h5/contract';
import { formatCount, optimiseImageUrl } from '@h5/core';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { ACTIVITY_TEXT } from '../../lib/ui-text/activity';
import { useAction } from '../../lib/use-action';
import { ActionButton } from '../../shell/ActionButton';
import { useFollow } from '../../shell/community/use-follow';
import { usePublish } from '../../shell/community/use-publish';
import { EntryView } from '../../shell/EntryView';
import { SectionCard } from '../../shell/SectionCard';
import screen from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { UserRow } from '../../shell/UserRow';
import { useToast } from '../../shell/use-toast';
import styles from './activity.module.css';

/**
 * 奇妙相遇 (issue 32 point 5): today's encounter cards, a draw while any are left; each card
 * follows (the one follow state) and links to the user's home; mutual follows unlock their newest.
 */
export function EncounterCards() {
  const [today, reload] = useEntry('activity.encounterToday', {}, null);
  const draw = useAction('activity.encounterDraw', { invalidates: ['activity.encounterToday'] });
  const text = ACTIVITY_TEXT.encounter;
  return (
    <SectionCard title={text.title} testId="encounter">
      <EntryView state={today} onRetry={reload}>
        {(data) => (
          <>
            <p className={screen.note} data-testid="encounter-left">
              {data.drawsLeft > 0 ? text.drawsLeft(data.drawsLeft) : text.noneLeft}
            </p>
            {data.list.length === 0 ? <p className={screen.note}>{text.empty}</p> : null}
            <ul className={screen.rows}>
              {data.list.map((card) => (
                <EncounterRow key={card.slot} card={card} />
              ))}
            </ul>
            {data.drawsLeft > 0 ? (
              <ActionButton
                action={draw}
                onClick={() => void draw.run({})}
                label={text.draw}
                busyLabel={text.drawing}
                className={styles.primary}
                testId="encounter-draw"
                errorTestId="encounter-error"
              />
            ) : null}
          </>
        )}
      </EntryView>
    </SectionCard>
  );
}

const rereadEncounter = () => invalidate('activity.encounterToday');

function EncounterRow({ card }: { card: EncounterCard }) {
  const text = ACTIVITY_TEXT.encounter;
  // Following may complete a mutual follow: the card reads its unlock again once it is stored.
  const follow = useFollow(card.user.userId, { isFollowing: card.isFollowing }, rereadEncounter);
  const mutual = card.isFollowing && card.followsMe;
  return (
    <>
      <UserRow
        user={card.user}
        testId="encounter-card"
        linkTestId="encounter-home"
        detail={
          <>
            {text.why(card.sharedAuthors, card.sharedCategories)}
            {card.followsMe && !mutual ? ` · ${text.followsMe}` : ''}
          </>
        }
      >
        <button
          type="button"
          className={styles.small}
          aria-pressed={follow.isFollowing}
          onClick={follow.toggle}
          data-testid="encounter-follow"
        >
          {follow.isFollowing ? text.followed : text.follow}
        </button>
      </UserRow>
      <li className={screen.note} data-testid="encounter-unlock" data-unlocked={mutual}>
        {mutual ? text.mutual : text.locked}
        {card.unlocked.map((content) => (
          <Link
            key={content.contentId}
            to={`/community/content/${content.contentId}`}
            className={screen.listLink}
          >
            {content.title}
          </Link>
        ))}
      </li>
    </>
  );
}

/** 七夕 (issue 32 point 5): the #七夕 ranking by lights and the way to publish with the topic. */
export function TanabataRank() {
  const [rank, reload] = useEntry('activity.tanabataRank', {}, null);
  const [toast, showToast] = useToast();
  const refresh = useCallback(() => invalidate('activity.tanabataRank'), []);
  const publish = usePublish(refresh, showToast);
  const text = ACTIVITY_TEXT.tanabata;
  return (
    <SectionCard title={text.title} testId="tanabata-rank">
      <button
        type="button"
        className={styles.primary}
        onClick={() => void publish()}
        data-testid="tanabata-publish"
      >
        {text.publish}
      </button>
      <EntryView state={rank} onRetry={reload}>
        {({ list }) =>
          list.length === 0 ? (
            <p className={screen.note}>{text.empty}</p>
          ) : (
            <ol className={screen.rows}>
              {list.map((item) => (
                <li
                  key={item.contentId}
                  className={screen.row}
                  data-testid="tanabata-item"
                  data-content-id={item.contentId}
                >
                  <span className={screen.amount}>{item.rank}</span>
                  <Link to={`/community/content/${item.contentId}`} className={screen.rowLink}>
                    <span className={screen.rowText}>
                      <span className={screen.rowName}>{item.title}</span>
                      <span className={screen.note}>{item.author.userName}</span>
                    </span>
                  </Link>
                  <span className={screen.note} data-testid="tanabata-lights">
                    {text.lights(formatCount(item.lightCount))}
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </EntryView>
      <Toast message={toast} testId="tanabata-toast" />
    </SectionCard>
  );
}

/** 心引力 (issue 32 point 5): pick the products one wants; for each pick, who picked it too. */
export function XinyinPicker() {
  const [products, reload] = useEntry('activity.xinyinProducts', {}, null);
  const text = ACTIVITY_TEXT.xinyin;
  return (
    <SectionCard title={text.title} testId="xinyin">
      <p className={screen.note}>{text.hint}</p>
      <EntryView state={products} onRetry={reload}>
        {({ list }) =>
          list.length === 0 ? (
            <p className={screen.note}>{text.empty}</p>
          ) : (
            <ul className={screen.rows}>
              {list.map((item) => (
                <XinyinRow key={item.product.spuId} item={item} />
              ))}
            </ul>
          )
        }
      </EntryView>
    </SectionCard>
  );
}

function XinyinRow({ item }: { item: XinyinProduct }) {
  const text = ACTIVITY_TEXT.xinyin;
  const pick = useAction('activity.xinyinPick', { invalidates: ['activity.xinyinProducts'] });
  const { product } = item;
  return (
    <li
      className={screen.stackedRow}
      data-testid="xinyin-product"
      data-spu-id={product.spuId}
      data-picked={item.picked}
    >
      <div className={screen.rowHead}>
        <img
          className={screen.avatar}
          src={optimiseImageUrl(product.logoUrl, { width: 96 })}
          width={44}
          height={44}
          alt=""
          loading="lazy"
        />
        <span className={`${screen.rowName} ${styles.grow}`}>{product.title}</span>
        <ActionButton
          action={pick}
          onClick={() => void pick.run({ spuId: product.spuId, pick: !item.picked })}
          label={item.picked ? text.picked : text.pick}
          busyLabel={item.picked ? text.picked : text.pick}
          className={styles.small}
          testId="xinyin-pick"
          errorTestId="xinyin-error"
        />
      </div>
      {item.picked ? (
        <div data-testid="xinyin-matches">
          <p className={screen.note}>{item.matches.length > 0 ? text.matchesTitle : text.noMatches}</p>
          <ul className={screen.rows}>
            {item.matches.map((user) => (
              <UserRow key={user.userId} user={user} detail={text.matchDetail} testId="xinyin-match" />
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

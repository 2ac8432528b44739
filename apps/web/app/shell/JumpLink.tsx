import { type JumpParams, type JumpTarget, jumpPagePath } from '@h5/core';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { JUMP_LINK_ATTRIBUTE } from '../lib/jump-attributes';

type Props = Omit<ComponentProps<typeof Link>, 'to'> & { jump: JumpTarget; params: JumpParams };

/**
 * A link to a jump-table target with a page of ours (spec §2: user detail, topic, product…): a real `<a href>` to its
 * web page (outside the app, SSR, keyboards, screen readers); inside the app a tap opens the
 * native screen instead (`watchJumpLinks`, loaded with the platform boot).
 */
export function JumpLink({ jump, params, ...rest }: Props) {
  return <Link {...rest} to={jumpPagePath(jump, params) ?? '/'} {...{ [JUMP_LINK_ATTRIBUTE]: '' }} />;
}

import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema } from '../../shared';

const domain = 'community';

/** The body of both light calls: which content. */
const lightRequestSchema = z.object({ contentId: idSchema });

/** The viewer's light on a content after a light call, with the content's count. */
export const lightStateSchema = z.object({
  contentId: z.number().int(),
  isLight: z.boolean(),
  lightCount: z.number().int().nonnegative(),
});
export type LightState = z.infer<typeof lightStateSchema>;

// Issue 6: the community calls of this part (lights); exported through `community` in ./index.ts.
// Spec §4: the page picks the call by isLight (set → delete, else add). Both are idempotent.
export const communityLights = {
  addContentLight: endpoint({
    domain,
    method: 'POST',
    path: '/sns-light/v1/h5/light/add-content-light',
    auth: 'login',
    speech: true,
    request: lightRequestSchema,
    response: lightStateSchema,
  }),
  delContentLight: endpoint({
    domain,
    method: 'POST',
    path: '/sns-light/v1/h5/light/del-content-light',
    auth: 'login',
    speech: true,
    request: lightRequestSchema,
    response: lightStateSchema,
  }),
} as const;

/** `GET /event`: the event name shown as the tagline. */
import { z } from 'zod';

/** Event (4.9). */
export const EventInfo = z.object({ name: z.string() });
export type EventInfo = z.infer<typeof EventInfo>;

/**
 * `GET /admin/links` (docs/api-extensions.md, issue 32): the base of the links printed on table
 * cards and judges' login cards, `PUBLIC_URL` or else the address the admin's browser used.
 */
export const PublicLinks = z.object({ base_url: z.string() });
export type PublicLinks = z.infer<typeof PublicLinks>;

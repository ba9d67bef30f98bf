/** `GET /event`: the event name shown as the tagline. */
import { z } from 'zod';

/** Event (4.9). */
export const EventInfo = z.object({ name: z.string() });
export type EventInfo = z.infer<typeof EventInfo>;

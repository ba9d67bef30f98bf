import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The scheme and host of a request; X-Forwarded-Proto/Host count only with TRUST_PROXY. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** `<base>` of R75 for an admin request: PUBLIC_URL, or else the request's scheme and host. */
export function requestBaseUrl(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? requestOrigin(request);
}

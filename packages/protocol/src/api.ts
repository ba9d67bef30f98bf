/**
 * Every endpoint of API.md §3, one descriptor each, named after what it does.
 * Paths are under `/api` (API_BASE).
 */
import { AdminLoginRequest, JudgeLoginRequest, TokenResponse } from './auth.js';
import { Ok, OkFlag } from './common.js';
import { endpoint } from './endpoint.js';
import { EventInfo } from './event.js';
import { LogResponse } from './log.js';

export const endpoints = {
  // 3.1 Public
  heartbeat: endpoint({ method: 'GET', path: '/', auth: 'none', response: Ok }),
  eventInfo: endpoint({ method: 'GET', path: '/event', auth: 'none', response: EventInfo }),
  judgeLogin: endpoint({
    method: 'POST',
    path: '/judge/login',
    auth: 'none',
    body: JudgeLoginRequest,
    response: TokenResponse,
  }),
  adminLogin: endpoint({
    method: 'POST',
    path: '/admin/login',
    auth: 'none',
    body: AdminLoginRequest,
    response: Ok,
  }),
  judgingStarted: endpoint({ method: 'GET', path: '/admin/started', auth: 'none', response: OkFlag }),

  // 3.3 Admin: session
  adminAuth: endpoint({ method: 'POST', path: '/admin/auth', auth: 'admin', response: Ok }),

  // 3.5 Admin: log
  auditLog: endpoint({ method: 'GET', path: '/admin/log', auth: 'admin', response: LogResponse }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * `bench:load --balanced` (`npm run bench:failover`): Podium as docs/deploy.md (c) runs it, two
 * built instances on one PostgreSQL database behind nginx, started by the failover tests' harness
 * (apps/server/src/test-support/load-balanced.ts: deploy/nginx as shipped but for the instances'
 * addresses and loopback listens, TRUST_PROXY on). Instance 1 can be killed with SIGKILL mid-run
 * and started again on its port, where nginx expects it.
 */
import { startLoadBalancedPodium } from '../../apps/server/src/test-support/load-balanced.ts';
import { ADMIN_PASSWORD, rssSampler } from './server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts nginx and the two instances on `databaseUrl`; the same shape as server.mjs's startServer. */
export async function startBalanced(databaseUrl) {
  const podium = await startLoadBalancedPodium({ databaseUrl, adminPassword: ADMIN_PASSWORD });
  const [victim] = podium.instances;
  const rss = rssSampler(() => podium.instances.map((instance) => instance.pid()).filter(Boolean));
  return {
    url: podium.url,
    rss,
    /**
     * SIGKILL of instance 1, then its start again after `downMs`. Resolves with what nginx saw of
     * it: the requests it was answering when it died (nginx's 502 or a resend to instance 2).
     */
    async killAndRestart(downMs) {
      const killedAt = Date.now();
      await victim.kill();
      await sleep(downMs);
      const restarting = Date.now();
      await victim.restart();
      const restartMs = Date.now() - restarting;
      const cut = podium.nginx
        .requests()
        .filter(
          (request) =>
            request.time >= killedAt &&
            request.upstreams[0] === victim.address &&
            request.upstreamStatuses[0] === '502',
        );
      return {
        restartMs,
        cutRequests: cut.length,
        resentByNginx: cut.filter((request) => request.upstreams.length > 1).length,
      };
    },
    async stop() {
      rss.stop();
      await podium.stop();
    },
  };
}

/** A benchmark worker process: runs the simulations it is sent and sends back their results. */
import { simulate, type Policy, type Scenario, type SimulationOptions } from './expo.js';

export interface Job {
  index: number;
  scenario: Scenario;
  seed: number;
  policy: Policy;
  simulation: Pick<SimulationOptions, 'tuning'>;
}

process.on('message', (job: Job | 'exit') => {
  if (job === 'exit') {
    process.disconnect();
    return;
  }
  const cpu = process.cpuUsage();
  const result = simulate(job.scenario, job.seed, job.policy, job.simulation);
  const used = process.cpuUsage(cpu);
  process.send?.({ index: job.index, result, cpuMs: (used.user + used.system) / 1000 });
});

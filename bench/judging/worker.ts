/** A benchmark worker process: runs the simulations it is sent and sends back their results. */
import { recordBasisCheckpoint, recordCheckpoint, type Calibration } from './calibration.js';
import { simulate, type Policy, type Scenario, type SimulationOptions } from './expo.js';

export interface Job {
  index: number;
  scenario: Scenario;
  seed: number;
  policy: Policy;
  simulation: Pick<SimulationOptions, 'tuning'>;
  /** Score the prize odds at the checkpoints (calibration.ts): on each basis in the criteria world. */
  calibrate?: boolean;
}

process.on('message', async (job: Job | 'exit') => {
  if (job === 'exit') {
    process.disconnect();
    return;
  }
  const cpu = process.cpuUsage();
  const calibration: Calibration = {};
  const result = await simulate(job.scenario, job.seed, job.policy, {
    ...job.simulation,
    onCheckpoint: job.calibrate
      ? (visits, verdicts, truth, scores) =>
          job.scenario.criteria === true
            ? recordBasisCheckpoint(calibration, visits, verdicts, truth, scores)
            : recordCheckpoint(calibration, visits, verdicts, truth)
      : undefined,
  });
  const used = process.cpuUsage(cpu);
  process.send?.({ index: job.index, result, cpuMs: (used.user + used.system) / 1000, calibration });
});

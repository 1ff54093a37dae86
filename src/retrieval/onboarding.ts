import type { Register } from '../registers/contract.ts';
import type { RequestRow } from '../requests/types.ts';
import { sleep } from '../shared/sleep.ts';
import type { DataPoint } from '../contract/index.ts';
import { fetchesHandingOn, type Task } from './plan.ts';
import { failureOf, type TaskRunner } from './runner.ts';

/**
 * Onboarding mode (spec §8): every task gets `deadlineMs`; one quick retry of a transient failure if time
 * allows; at the deadline the task fails with `onboarding_timeout` and what arrived is returned.
 */
export class OnboardingExecutor {
  constructor(
    private readonly runner: TaskRunner,
    readonly deadlineMs: number,
  ) {}

  /** Settles a task whose process stopped before its deadline did: failed as timed out, and not charged. */
  async abandon(request: RequestRow, task: Task): Promise<void> {
    await this.runner.fail(request, task, {
      code: 'onboarding_timeout',
      message: 'not finished within the onboarding deadline: the process handling it stopped',
      retryable: true,
    });
  }

  async run(register: Register, request: RequestRow, tasks: Task[]): Promise<void> {
    const fetching = new Map<string, Promise<void>>();
    for (const task of tasks) if (task.kind === 'dataPoint') fetching.set(task.fetch, this.runTask(register, request, task));
    // A document a data point's fetch hands on (CN: the credit report) waits for that fetch, within its own deadline,
    // and is then delivered from its bytes; run side by side, it would be a second download of minutes.
    const documents = tasks.flatMap((task) => {
      if (task.kind !== 'document') return [];
      const fetches = fetchesHandingOn(register, task.documentId, request.dataPoints as DataPoint[]);
      const before = fetches.flatMap((f) => fetching.get(f) ?? []);
      return [this.runTask(register, request, task, before)];
    });
    await Promise.all([...fetching.values(), ...documents]);
  }

  private async runTask(register: Register, request: RequestRow, task: Task, before: Promise<void>[] = []): Promise<void> {
    const controller = new AbortController();
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error('onboarding deadline'));
        resolve('deadline');
      }, this.deadlineMs);
    });
    const work = (async () => {
      await Promise.all(before);
      if (controller.signal.aborted) return;
      for (let attempt = 0; ; attempt++) {
        try {
          await this.runner.attempt(register, request, task, controller.signal);
          return;
        } catch (err) {
          if (controller.signal.aborted) return;
          const failure = failureOf(err, register.catalogue.register);
          const remaining = this.deadlineMs - (Date.now() - started);
          if (failure.retryable && attempt === 0 && remaining > 1000) {
            await sleep(250, controller.signal).catch(() => undefined);
            continue;
          }
          await this.runner.fail(request, task, failure);
          return;
        }
      }
    })();
    try {
      if ((await Promise.race([work.then(() => 'done' as const), deadline])) === 'deadline') {
        await this.runner.fail(request, task, {
          code: 'onboarding_timeout',
          message: `not finished within the onboarding deadline of ${this.deadlineMs} ms`,
          retryable: true,
          source: register.catalogue.register,
        });
      }
    } finally {
      clearTimeout(timer);
    }
  }
}

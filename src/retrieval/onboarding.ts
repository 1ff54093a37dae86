import type { Register } from '../registers/contract.ts';
import type { RequestRow } from '../store/repositories/requests.ts';
import { sleep } from '../shared/sleep.ts';
import type { Task } from './plan.ts';
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
    await Promise.all(tasks.map((task) => this.runTask(register, request, task)));
  }

  private async runTask(register: Register, request: RequestRow, task: Task): Promise<void> {
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

/**
 * A small typed event bus for wiring modules together: the module that publishes an event is built first and knows
 * nothing of who listens; modules built later subscribe after their construction. `emit` runs the handlers in the
 * order they subscribed and waits for each, so a publisher that awaits it knows its listeners are done.
 *
 * @example
 *   const bus = new EventBus<{ settled: (requestId: string) => Promise<void> }>();
 *   bus.on('settled', async (id) => console.log(id));
 *   await bus.emit('settled', 'req_1');
 */
export class EventBus<Events extends { [K in keyof Events]: (...args: any[]) => void | Promise<void> }> {
  private readonly handlers = new Map<keyof Events, Events[keyof Events][]>();

  /** Adds a handler; returns the function that removes it. */
  on<K extends keyof Events>(event: K, handler: Events[K]): () => void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
    return () => {
      list.splice(list.indexOf(handler), 1);
    };
  }

  async emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) await handler(...args);
  }
}

/**
 * A function supplied by a module built later than the one that calls it (explicit late binding): the caller gets
 * `call` at construction, the composition root `bind`s the implementation once its module exists. Calling it
 * before then is a wiring mistake and throws, instead of reaching a variable that is not yet initialised.
 */
export class LateBound<F extends (...args: any[]) => any> {
  private impl?: F;

  constructor(private readonly name: string) {}

  readonly call = ((...args: Parameters<F>): ReturnType<F> => {
    if (!this.impl) throw new Error(`${this.name} was called before the module providing it was wired`);
    return this.impl(...args);
  }) as F;

  bind(impl: F): void {
    if (this.impl) throw new Error(`${this.name} is bound twice`);
    this.impl = impl;
  }
}

/** An error answer of the emulated system: HTTP status and the system's `{code, message}`. */
export class Fault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

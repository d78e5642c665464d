import type { Clock } from "../../src/clock";

/** A clock tests can move forward; it starts at the real time unless told otherwise. */
export class MovableClock implements Clock {
  private offsetMs = 0;
  constructor(private fixed?: Date) {}
  now(): Date {
    return new Date((this.fixed?.getTime() ?? Date.now()) + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(date: Date): void {
    this.fixed = date;
    this.offsetMs = 0;
  }
}

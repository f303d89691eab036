// Pacing against a real deployment (seed "Limits"): the general API rate (1000 requests per minute
// per workspace) is kept with a sliding one-minute window, and the send operations' shared limit
// (5 accepted requests per second per workspace) with slots that free one second (plus a margin)
// after each accepted send was answered.
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

export class GeneralPacer {
  private readonly sent: number[] = [];
  private readonly perMinute: number;

  constructor(perMinute: number) {
    this.perMinute = perMinute;
  }

  async acquire(): Promise<void> {
    if (!Number.isFinite(this.perMinute)) return;
    for (;;) {
      const now = Date.now();
      while (this.sent.length > 0 && (this.sent[0] as number) <= now - 60_000) this.sent.shift();
      if (this.sent.length < this.perMinute) {
        this.sent.push(now);
        return;
      }
      await sleep((this.sent[0] as number) + 60_000 - now + 5);
    }
  }
}

export interface SendSlot {
  release(acceptedAt: number | undefined): void;
}

export class SendPacer {
  /** When each taken slot frees up (Infinity while its request is in flight). */
  private readonly slots: number[] = [];
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit = 5, windowMs = 1000, marginMs = 150) {
    this.limit = limit;
    this.windowMs = windowMs + marginMs;
  }

  async acquire(): Promise<SendSlot> {
    for (;;) {
      const now = Date.now();
      for (let i = this.slots.length - 1; i >= 0; i--) if ((this.slots[i] as number) <= now) this.slots.splice(i, 1);
      if (this.slots.length < this.limit) {
        const marker = { at: Number.POSITIVE_INFINITY };
        this.slots.push(marker.at);
        const index = () => this.slots.indexOf(Number.POSITIVE_INFINITY);
        return {
          release: (acceptedAt) => {
            const i = index();
            if (i === -1) return;
            if (acceptedAt === undefined) this.slots.splice(i, 1);
            else this.slots[i] = acceptedAt + this.windowMs;
          },
        };
      }
      const finite = this.slots.filter((s) => Number.isFinite(s));
      await sleep(finite.length > 0 ? Math.min(...finite) - now + 1 : 25);
    }
  }

  /** An accepted send made outside the pacer (a burst) still takes a place in the window. */
  noteAccepted(answeredAt: number): void {
    this.slots.push(answeredAt + this.windowMs);
  }

  /** Waits until the window is empty (before a burst meant to cross the limit). */
  async drain(): Promise<void> {
    for (;;) {
      const now = Date.now();
      for (let i = this.slots.length - 1; i >= 0; i--) if ((this.slots[i] as number) <= now) this.slots.splice(i, 1);
      if (this.slots.length === 0) return;
      const finite = this.slots.filter((s) => Number.isFinite(s));
      await sleep(finite.length > 0 ? Math.max(...finite) - now + 1 : 25);
    }
  }
}

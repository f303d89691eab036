// Seed "Limits": POST /call, /whatsapp/template, /sms/send and /email/messages accept 5 requests
// per second per workspace, shared by all its tokens (a sliding one-second window of accepted
// requests); over it 429 with Retry-After and nothing created. The general API rate is 1000
// requests per minute (a fixed one-minute window per workspace).
export interface RateLimitConfig {
  sendPerSecond: number;
  generalPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = { sendPerSecond: 5, generalPerMinute: 1000 };

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds to wait, when refused. */
  retryAfter: number;
}

export class WorkspaceRateLimiter {
  private generalWindowStart = 0;
  private generalCount = 0;
  private readonly accepted: number[] = [];

  private readonly config: RateLimitConfig;

  constructor(config: RateLimitConfig) {
    this.config = config;
  }

  /** Counts a request against the general limit. */
  general(now: number): RateDecision {
    const limit = this.config.generalPerMinute;
    if (now - this.generalWindowStart >= 60_000 || now < this.generalWindowStart) {
      this.generalWindowStart = now;
      this.generalCount = 0;
    }
    if (this.generalCount >= limit) {
      return { allowed: false, limit, remaining: 0, retryAfter: Math.max(1, Math.ceil((this.generalWindowStart + 60_000 - now) / 1000)) };
    }
    this.generalCount++;
    return { allowed: true, limit, remaining: limit - this.generalCount, retryAfter: 0 };
  }

  /** Starts a fresh general window at the next request (the control API, after changing the limit). */
  restartGeneral(): void {
    this.generalWindowStart = 0;
    this.generalCount = 0;
  }

  /** Looks at the general window without counting a request (preflights, the control API). */
  peekGeneral(now: number): RateDecision {
    const limit = this.config.generalPerMinute;
    const fresh = now - this.generalWindowStart >= 60_000 || now < this.generalWindowStart;
    const used = fresh ? 0 : this.generalCount;
    return { allowed: used < limit, limit, remaining: Math.max(0, limit - used), retryAfter: 0 };
  }

  /** Looks at the send window without taking a place in it. */
  peekSend(now: number): RateDecision {
    const limit = this.config.sendPerSecond;
    this.prune(now);
    const used = this.accepted.length;
    if (used >= limit) {
      const oldest = this.accepted[0] ?? now;
      return { allowed: false, limit, remaining: 0, retryAfter: Math.max(1, Math.ceil((oldest + 1000 - now) / 1000)) };
    }
    return { allowed: true, limit, remaining: limit - used, retryAfter: 0 };
  }

  /** Takes a place in the send window (call only after peekSend allowed it). */
  acceptSend(now: number): number {
    this.accepted.push(now);
    return Math.max(0, this.config.sendPerSecond - this.accepted.length);
  }

  private prune(now: number): void {
    while (this.accepted.length > 0 && ((this.accepted[0] as number) <= now - 1000 || (this.accepted[0] as number) > now)) {
      this.accepted.shift();
    }
  }
}

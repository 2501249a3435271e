import { LRUCache } from "lru-cache";

/**
 * Sign-in throttle (A-02 "rate-limited attempts", decision 0036): failures are counted per
 * (account, source) and per source, never per account alone, so a stranger's wrong passwords slow
 * down only the stranger — the owner signing in from anywhere else is not affected. After the free
 * failures, each further one makes that source wait twice as long as the last, up to a cap.
 */
export interface ThrottlePolicy {
  /** Failures allowed before the first wait. */
  free: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** One source guessing one account's password. */
export const ACCOUNT_SOURCE_POLICY: ThrottlePolicy = { free: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
/** One source trying many accounts (credential stuffing). */
export const SOURCE_POLICY: ThrottlePolicy = { free: 20, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
/** Failures are forgotten after this long without a new one (longer than the cap, so a patient guesser stays capped). */
export const FORGET_AFTER_MS = 60 * 60_000;
const MAX_TRACKED = 100_000;

interface Counter {
  failures: number;
  blockedUntil: number;
}

/** How long a source must wait after its `failures`-th failure (0 while failures are free). */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.free) return 0;
  const doublings = Math.min(failures - policy.free, 40);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings);
}

/**
 * The source of a request for throttling: its address, or for IPv6 its /64 network (one
 * subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function sourceKey(ip: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped?.[1]) return v4mapped[1];
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = (ip.toLowerCase().split("%")[0] ?? "").split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0");
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export class LoginThrottle {
  private readonly counters = new LRUCache<string, Counter>({ max: MAX_TRACKED });

  /** Milliseconds this (account, source) must still wait before its password is even checked; 0 = go. */
  waitMs(email: string, ip: string, now: Date): number {
    const t = now.getTime();
    const wait = (key: string) => Math.max(0, (this.live(key, t)?.blockedUntil ?? 0) - t);
    return Math.max(wait(accountKey(email, ip)), wait(`src:${sourceKey(ip)}`));
  }

  recordFailure(email: string, ip: string, now: Date): void {
    this.bump(accountKey(email, ip), ACCOUNT_SOURCE_POLICY, now.getTime());
    this.bump(`src:${sourceKey(ip)}`, SOURCE_POLICY, now.getTime());
  }

  /** The right password clears that source's count for that account (not the source's overall count). */
  recordSuccess(email: string, ip: string): void {
    this.counters.delete(accountKey(email, ip));
  }

  private live(key: string, t: number): Counter | undefined {
    const c = this.counters.get(key);
    // A counter lives until FORGET_AFTER_MS past its last failure (blockedUntil ≥ that failure).
    if (c && t - c.blockedUntil >= FORGET_AFTER_MS) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  private bump(key: string, policy: ThrottlePolicy, t: number): void {
    const failures = (this.live(key, t)?.failures ?? 0) + 1;
    this.counters.set(key, { failures, blockedUntil: t + delayAfter(failures, policy) });
  }
}

const accountKey = (email: string, ip: string) => `acct:${email.toLowerCase()}|${sourceKey(ip)}`;

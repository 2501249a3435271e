import { promises as dns } from "node:dns";

/**
 * The DNS resolver port (decision 0110): what Laurel asks of DNS (custom sending domains, L-07).
 * Production uses the system resolver; tests set `deps.dns` to a fake zone.
 */
export interface DnsResolverPort {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
}

/** The system resolver; "no such record" answers are empty lists, not errors. */
export const systemResolver: DnsResolverPort = {
  resolveTxt: (name) => dns.resolveTxt(name).catch(emptyOnNotFound<string[][]>),
  resolveCname: (name) => dns.resolveCname(name).catch(emptyOnNotFound<string[]>),
  resolveMx: (name) => dns.resolveMx(name).catch(emptyOnNotFound<{ exchange: string; priority: number }[]>),
};

function emptyOnNotFound<T>(error: unknown): T {
  const code = (error as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "ENODATA" || code === "ENOTIMP" || code === "NXDOMAIN") return [] as T;
  throw error;
}

import type { MailDnsRecord } from "@laurel/db";
import type { DnsResolverPort } from "../../infra/dns";

/**
 * L-07: the DNS side of a custom sending domain (decision 0110). Laurel asks for five records and
 * checks them through a resolver port: the system resolver in production, a fake in tests.
 */
export interface DomainRecordInput {
  rootDomain: string;
  subdomain: string;
  selector: string;
  /** The DKIM public key, base64 DER (SubjectPublicKeyInfo) without PEM armour. */
  publicKey: string;
  /** Laurel's own host: the SPF include, the tracking CNAME target and the bounce MX. */
  appHost: string;
}

/** The records a domain needs, none found yet. */
export function domainRecords(d: DomainRecordInput): MailDnsRecord[] {
  const sending = `${d.subdomain}.${d.rootDomain}`;
  return [
    { kind: "SPF", type: "TXT", name: sending, value: `v=spf1 include:_spf.${d.appHost} ~all`, found: false },
    {
      kind: "DKIM",
      type: "TXT",
      name: `${d.selector}._domainkey.${sending}`,
      value: `v=DKIM1; k=rsa; p=${d.publicKey}`,
      found: false,
    },
    { kind: "DMARC", type: "TXT", name: `_dmarc.${d.rootDomain}`, value: "v=DMARC1; p=none;", found: false },
    { kind: "CNAME", type: "CNAME", name: `links.${sending}`, value: d.appHost, found: false },
    {
      kind: "MX",
      type: "MX",
      name: sending,
      value: `feedback-smtp.${d.appHost}`,
      priority: 10,
      found: false,
    },
  ];
}

const bare = (host: string) => host.toLowerCase().replace(/\.$/, "");
const squash = (s: string) => s.replace(/\s+/g, "");

/** Whether one record is published as asked (TXT strings of one record are joined, as DNS splits them). */
async function isPublished(resolver: DnsResolverPort, r: MailDnsRecord): Promise<boolean> {
  switch (r.kind) {
    case "SPF": {
      const include = /include:\S+/.exec(r.value)?.[0] ?? "";
      return (await resolver.resolveTxt(r.name))
        .map((parts) => parts.join(""))
        .some((txt) => txt.startsWith("v=spf1") && txt.split(/\s+/).includes(include));
    }
    case "DKIM": {
      const key = /p=(\S+)/.exec(r.value)?.[1] ?? "";
      return (await resolver.resolveTxt(r.name))
        .map((parts) => squash(parts.join("")))
        .some((txt) => txt.includes(`p=${key}`));
    }
    case "DMARC":
      return (await resolver.resolveTxt(r.name)).some((parts) => parts.join("").startsWith("v=DMARC1"));
    case "CNAME":
      return (await resolver.resolveCname(r.name)).some((target) => bare(target) === bare(r.value));
    case "MX":
      return (await resolver.resolveMx(r.name)).some((mx) => bare(mx.exchange) === bare(r.value));
  }
}

/** Checks every record; the status follows from how many were found. */
export async function checkDomainRecords(
  resolver: DnsResolverPort,
  records: readonly MailDnsRecord[],
): Promise<{ records: MailDnsRecord[]; status: "unverified" | "partially_verified" | "verified" }> {
  const checked = await Promise.all(
    records.map(async (r) => ({ ...r, found: await isPublished(resolver, r) })),
  );
  const found = checked.filter((r) => r.found).length;
  const status = found === checked.length ? "verified" : found === 0 ? "unverified" : "partially_verified";
  return { records: checked, status };
}

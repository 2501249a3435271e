import type { ReferralCapCheck } from "./caps";
import type { FriendFacts, ReferrerFacts } from "./claim";
import { DEFAULT_ANTI_CHEAT, type ReferralRules } from "./settings";

export const rules = (over: Partial<ReferralRules> = {}): ReferralRules => ({
  enabled: true,
  friendReward: { kind: "percentage", percentage: 10 },
  referrerReward: { kind: "points", points: 500 },
  eligibility: "all_customers",
  orderTags: [],
  customerTags: [],
  perCustomerLimit: { limit: null, perTier: {} },
  antiCheat: { ...DEFAULT_ANTI_CHEAT, sameIp: true },
  cancelWindowDays: 30,
  ...over,
});

export const referrer = (over: Partial<ReferrerFacts> = {}): ReferrerFacts => ({
  customerId: "c_ava",
  email: "ava.green@gmail.com",
  type: "member",
  whitelisted: false,
  tags: [],
  tierId: null,
  deviceIds: ["dev-ava"],
  ipHashes: ["ip-ava"],
  completedReferrals: 0,
  ...over,
});

export const friend = (over: Partial<FriendFacts> = {}): FriendFacts => ({
  customerId: "c_ben",
  email: "ben.walker@example.com",
  deviceId: "dev-ben",
  ipHash: "ip-ben",
  hasOrderedBefore: false,
  alreadyReferred: false,
  ...over,
});

export const roomy: ReferralCapCheck = {
  cap: null,
  used: 0,
  warningFrom: null,
  status: "ok",
  allowsAnother: true,
};
export const full: ReferralCapCheck = {
  cap: 30,
  used: 30,
  warningFrom: 27,
  status: "reached",
  allowsAnother: false,
};

import "server-only";
// Which lane of the scrypt budget (lib/auth/work-budget.ts) a sign-in attempt waits in. "known"
// when the attempt comes from a browser holding this account's device cookie
// (lib/auth/known-device.ts) or from an address that signed in to this account recently
// (lib/auth/rate-limit.ts); "stranger" otherwise, an unknown e-mail included. A spray from many
// addresses is all strangers, so it can fill the strangers' share and line but never the
// reserved one. Both checks are made whether the e-mail names an account or not, so the lane's
// cost tells nothing about which e-mails exist.
import type { Db } from "@/lib/db";
import { isKnownDevice, type DeviceAccount } from "@/lib/auth/known-device";
import { isKnownAddress } from "@/lib/auth/rate-limit";
import type { BudgetLane } from "@/lib/auth/work-budget";

export type SignInAttempt = { email: string; address: string; account: DeviceAccount | null; deviceToken: string | undefined };

export async function signInLane(db: Db, attempt: SignInAttempt, secret: string, now = new Date()): Promise<BudgetLane> {
  const [device, address] = await Promise.all([
    isKnownDevice(attempt.deviceToken, attempt.account, secret, now.getTime()),
    isKnownAddress(db, attempt.email, attempt.address, now),
  ]);
  return attempt.account && (device || address) ? "known" : "stranger";
}

import "server-only";
// next-auth configuration: e-mail + password for everyone, plus one OIDC provider when
// VERITY_OIDC_* are set. Sessions are JWTs that carry the user id and the session's claims
// (lib/auth/session-token.ts); every request re-reads the user and checks them
// (lib/auth/session.ts), so a disabled account, a reset password or a signed-out session stops
// at once. Password checks are throttled per client address and e-mail
// (lib/auth/rate-limit.ts) and run within a global scrypt budget, in which attempts from a known
// browser or address go ahead of strangers' (lib/auth/sign-in-lane.ts).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db";
import { authSecret, env } from "@/lib/env";
import { burnPasswordCheck, verifyPassword } from "@/lib/auth/password";
import { checkLoginGate, countLoginAttempt, recordLoginFailure, recordLoginSuccess, sweepLoginCounters } from "@/lib/auth/rate-limit";
import { clientAddress } from "@/lib/auth/client-address";
import { parseTrustedProxies } from "@/lib/env/trusted-proxies";
import { BudgetExceeded, createWorkBudget, type BudgetLane, type WorkBudget } from "@/lib/auth/work-budget";
import { knownDeviceTokenOf, type DeviceAccount } from "@/lib/auth/known-device";
import { signInLane } from "@/lib/auth/sign-in-lane";
import { claimsOf, newSessionClaims, revokeSession, SESSION_MAX_AGE_SECONDS, endUserSessions } from "@/lib/auth/session-token";
import { PEER_ADDRESS_HEADER } from "@/lib/auth/peer-address";
import { recordAudit } from "@/lib/audit/record";
import { sessionCodec } from "@/lib/auth/session-codec";

const CredentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
});

// Error texts the login form shows; one text for unknown e-mail and wrong password alike.
export const LOGIN_ERRORS = {
  invalid: "Wrong e-mail or password.",
  rate_limited: "Too many sign-in attempts. Wait a few minutes and try again.",
  slowed: (seconds: number) => `Too many sign-in attempts. Wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`,
  address_slowed: (seconds: number) => `Too many sign-in attempts from this address. Wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`,
  busy: "The server is busy with other sign-ins. Try again in a few seconds.",
} as const;

// One scrypt check at a time per process for strangers (about 50 ms of one core each) and a
// short line; beyond it, attempts are refused without a check. Known browsers and addresses have
// one more slot and a line of their own, and go first when a slot frees, so a spray from many
// addresses never turns the account's own user away. On globalThis: Next.js bundles this module
// more than once, and the budget is the process's.
const budgetHolder = globalThis as unknown as { veritySignInBudget?: WorkBudget };
function passwordBudget(): WorkBudget {
  budgetHolder.veritySignInBudget ??= createWorkBudget({ concurrency: 1, reserved: 1, maxWaiting: 8 });
  return budgetHolder.veritySignInBudget;
}

/** Whether cookies are set for HTTPS only (and __Secure- prefixed), as next-auth decides for its own. */
export function secureCookies(): boolean {
  return env().NEXTAUTH_URL?.startsWith("https://") ?? false;
}

function addressOf(headers: Record<string, unknown> | undefined): string {
  const header = (name: string) => (typeof headers?.[name] === "string" ? (headers[name] as string) : null);
  return clientAddress({ peer: header(PEER_ADDRESS_HEADER), forwardedFor: header("x-forwarded-for") }, parseTrustedProxies(env().VERITY_TRUSTED_PROXIES));
}

// The attempt counts against its address and e-mail only once it has a place in the budget:
// an attempt turned away as "busy" (an attack elsewhere) never slows its sender down.
async function checkPassword(password: string, hash: string | null, lane: BudgetLane, email: string, count: () => Promise<void>): Promise<boolean> {
  try {
    return await passwordBudget().run(async () => {
      await count();
      if (hash) return verifyPassword(password, hash);
      await burnPasswordCheck(password);
      return false;
    }, lane, email);
  } catch (error) {
    if (error instanceof BudgetExceeded) throw new Error(LOGIN_ERRORS.busy);
    throw error;
  }
}

// signOutEverywhere: this sign-out ends the user's other sessions too. onSignedIn: told who
// signed in on this request (the route then gives the browser its device cookie).
export type AuthOptionsContext = { signOutEverywhere?: boolean; onSignedIn?: (account: DeviceAccount) => void };

function oidcProviders(): NextAuthOptions["providers"] {
  const e = env();
  if (!e.VERITY_OIDC_ISSUER || !e.VERITY_OIDC_CLIENT_ID || !e.VERITY_OIDC_CLIENT_SECRET) return [];
  return [
    {
      id: "oidc",
      name: e.VERITY_OIDC_NAME,
      type: "oauth",
      wellKnown: `${e.VERITY_OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: e.VERITY_OIDC_CLIENT_ID,
      clientSecret: e.VERITY_OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      profile(profile: { sub: string; email?: string; name?: string }) {
        return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? profile.email ?? profile.sub };
      },
    },
  ];
}

export function authOptions(context: AuthOptionsContext = {}): NextAuthOptions {
  return {
    secret: authSecret(),
    // Refreshed hourly while in use, never past SESSION_MAX_AGE_SECONDS after sign-in (checked
    // against the session's own sign-in time, lib/auth/session-token.ts).
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 3600 },
    jwt: sessionCodec,
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = CredentialsSchema.safeParse(credentials);
          if (!parsed.success) throw new Error(LOGIN_ERRORS.invalid);
          const { email, password } = parsed.data;
          const address = addressOf(req.headers);
          const gate = await checkLoginGate(db(), email, address);
          if (!gate.allowed) {
            if (gate.locked) throw new Error(LOGIN_ERRORS.rate_limited);
            throw new Error(gate.scope === "pair" ? LOGIN_ERRORS.slowed(gate.waitSeconds) : LOGIN_ERRORS.address_slowed(gate.waitSeconds));
          }
          const user = await db().user.findUnique({ where: { email } });
          // Placeholders (accounts of imported annotators) never sign in, whatever their row says.
          const usable = user?.passwordHash && !user.disabledAt && !user.isPlaceholder ? user.passwordHash : null;
          const cookie = typeof req.headers?.cookie === "string" ? req.headers.cookie : null;
          const lane = await signInLane(db(), { email, address, account: usable ? user : null, deviceToken: knownDeviceTokenOf(cookie, secureCookies()) }, authSecret());
          if (!(await checkPassword(password, usable, lane, email, () => countLoginAttempt(db(), email, address))) || !user) {
            await recordLoginFailure(db(), address);
            await sweepLoginCounters(db());
            if (user && usable) await recordAudit(db(), { userId: user.id, action: "auth.login_failed" });
            throw new Error(LOGIN_ERRORS.invalid);
          }
          await recordLoginSuccess(db(), email, address);
          await recordAudit(db(), { userId: user.id, action: "auth.login" });
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
      ...oidcProviders(),
    ],
    callbacks: {
      // OIDC sign-in only for accounts an owner created (matched by e-mail): Verity is not
      // open for self-registration.
      async signIn({ user, account }) {
        if (account?.provider !== "oidc") return true;
        const email = user.email?.toLowerCase();
        if (!email) return false;
        const existing = await db().user.findUnique({ where: { email } });
        if (!existing || existing.disabledAt || existing.isPlaceholder) return false;
        if (!existing.oidcSubject) {
          await db().user.update({ where: { id: existing.id }, data: { oidcSubject: account.providerAccountId } });
        }
        return existing.oidcSubject === null || existing.oidcSubject === account.providerAccountId;
      },
      // At sign-in only (`user` is set): the session's claims. Later calls pass the token on.
      async jwt({ token, user, account }) {
        if (!user) return token;
        const local =
          account?.provider === "oidc"
            ? await db().user.findUnique({ where: { email: user.email!.toLowerCase() } })
            : await db().user.findUnique({ where: { id: user.id } });
        if (!local) throw new Error("no such user");
        const claims = newSessionClaims(local);
        context.onSignedIn?.({ id: local.id, sessionVersion: local.sessionVersion });
        return { ...token, sub: claims.userId, sv: claims.sessionVersion, sid: claims.sessionId, at: claims.signedInAt };
      },
      async session({ session, token }) {
        return { ...session, userId: token.sub, claims: claimsOf(token) };
      },
    },
    events: {
      // A signed-out session is refused from now on even if its cookie was copied; "sign out
      // everywhere" (POST /api/auth/signout?everywhere=1) ends the user's other sessions too.
      async signOut({ token }) {
        const claims = claimsOf(token as Record<string, unknown> | null);
        if (!claims) return;
        await revokeSession(db(), claims);
        if (context.signOutEverywhere) {
          await endUserSessions(db(), claims.userId);
          await recordAudit(db(), { userId: claims.userId, action: "auth.sign_out_everywhere" });
        }
      },
    },
  };
}

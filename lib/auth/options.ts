import "server-only";
// next-auth configuration: e-mail + password for everyone, plus one OIDC provider when
// VERITY_OIDC_* are set. Sessions are JWTs that carry only the user id; every request
// re-reads the user (lib/auth/session.ts) so that a disabled account stops at once.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db";
import { authSecret, env } from "@/lib/env";
import { burnPasswordCheck, verifyPassword } from "@/lib/auth/password";
import { clearLoginRateLimit, isLoginRateLimited } from "@/lib/auth/rate-limit";
import { recordAudit } from "@/lib/audit/record";

const CredentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
});

// Error texts the login form shows; one text for unknown e-mail and wrong password alike.
export const LOGIN_ERRORS = {
  invalid: "Wrong e-mail or password.",
  rate_limited: "Too many sign-in attempts. Wait a few minutes and try again.",
} as const;

function clientAddress(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return first || "unknown";
}

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

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = CredentialsSchema.safeParse(credentials);
          if (!parsed.success) throw new Error(LOGIN_ERRORS.invalid);
          const { email, password } = parsed.data;
          if (await isLoginRateLimited(email, clientAddress(req.headers))) throw new Error(LOGIN_ERRORS.rate_limited);
          const user = await db().user.findUnique({ where: { email } });
          if (!user?.passwordHash || user.disabledAt) {
            await burnPasswordCheck(password);
            throw new Error(LOGIN_ERRORS.invalid);
          }
          if (!(await verifyPassword(password, user.passwordHash))) {
            await recordAudit(db(), { userId: user.id, action: "auth.login_failed" });
            throw new Error(LOGIN_ERRORS.invalid);
          }
          await clearLoginRateLimit(email);
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
        if (!existing || existing.disabledAt) return false;
        if (!existing.oidcSubject) {
          await db().user.update({ where: { id: existing.id }, data: { oidcSubject: account.providerAccountId } });
        }
        return existing.oidcSubject === null || existing.oidcSubject === account.providerAccountId;
      },
      async jwt({ token, user, account }) {
        if (user && account?.provider === "oidc") {
          const local = await db().user.findUnique({ where: { email: user.email!.toLowerCase() } });
          token.sub = local?.id;
        } else if (user) {
          token.sub = user.id;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.sub };
      },
    },
  };
}

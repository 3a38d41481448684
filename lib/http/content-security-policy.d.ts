// Types of content-security-policy.js (plain JavaScript so that next.config.js can load it).
export declare function pagePolicy(nonce: string | null, development: boolean): string;
export declare const SANDBOX_POLICY: string;

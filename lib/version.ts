// The running Verity version, as snapshot manifests record it.
import packageJson from "@/package.json";

export const VERITY_VERSION: string = packageJson.version;

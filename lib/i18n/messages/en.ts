// The English catalogue: the source of every key and its {placeholders} (lib/i18n/translate.ts).
// Keys are grouped by screen; "common." holds words many screens share.
export const en = {
  "common.backToProjects": "Back to your projects",

  "shell.projects": "Projects",
  "shell.users": "Users",
  "shell.owner": "owner",
  "shell.signOut": "Sign out",
  "shell.signOutEverywhere": "Sign out everywhere",
  "shell.signOutEverywhereHint": "Ends your sessions in every browser and device",
  "shell.project": "Project",
  "shell.switchProject": "Switch project",
  "shell.chooseProject": "Choose a project…",
  "shell.language": "Language",

  "login.tagline": "Sign in to verify GUI-agent data.",
  "login.failed": "Sign-in failed. Try again.",
  "login.wrongPassword": "Wrong e-mail or password.",
  "login.signIn": "Sign in",
  "login.signingIn": "Signing in…",
  "login.email": "E-mail",
  "login.password": "Password",
  "login.signInWith": "Sign in with {provider}",

  "notFound.title": "Not found",
  "notFound.body": "This page does not exist, or it belongs to a project you are not a member of.",
  "forbidden.title": "Not allowed",
  "forbidden.body": "Your role in this project does not give access to this screen. A project admin can change your role.",
  "error.title": "Something went wrong",
  "error.body": "The server could not finish this page. Nothing you saved was lost. If the database is unavailable (restarting, or the network to it is down), try again in a moment; the server log says why.",
  "error.reference": "reference {digest}",
  "error.retry": "Try again",
} as const;

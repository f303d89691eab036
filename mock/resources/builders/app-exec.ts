// The command terminal of a running app (seed "What the service does" > Builders: "a command
// terminal (exec)"), simulated over the app's files: pwd, ls, cat, echo, env/printenv, whoami,
// date, sleep, true/false, exit and the runtime versions. Any other command is "not found" (127).
// Commands separated by `;` run in turn. The answer is the published `{exit_code, output}`: the
// output is what the commands wrote, standard output then standard error of each. A command
// longer than the `timeout` left is killed: exit 137. The app's service token is masked in the
// output as in its logs.
import type { Schemas } from '../../state/workspace.ts';
import { listDirectory, normalizePath, readFile } from './app-files.ts';
import type { BuilderAppRecord } from './app-record.ts';
import { maskSecrets } from './app-logs.ts';

export type ExecResult = Schemas['BuilderExecResult'];

const APP_ROOT = '/app';
const VERSIONS: Record<string, string> = { node: 'v22.14.0', npm: '10.9.2', python3: 'Python 3.12.3', python: 'Python 3.12.3' };

interface Outcome {
  exit: number;
  out: string;
  err: string;
  ms: number;
}

function words(command: string): string[] {
  const out: string[] = [];
  for (const match of command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(match[1] ?? match[2] ?? match[3] ?? '');
  return out;
}

/** The commands of a `;`-separated sequence (a `;` inside quotes belongs to its word). */
function sequence(command: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let current = '';
  for (const ch of command) {
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ';') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** The process environment: the app's own `env`, then the variables the platform sets. */
function env(app: BuilderAppRecord): Record<string, string> {
  return { HOME: APP_ROOT, PWD: APP_ROOT, NODE_ENV: 'production', ...app.env, PORT: String(app.port), SERVICE_TOKEN: app.service_token };
}

function ls(app: BuilderAppRecord, args: string[]): Outcome {
  const long = args.some((a) => a.startsWith('-') && a.includes('l'));
  const targets = args.filter((a) => !a.startsWith('-'));
  const target = targets[0] ?? '.';
  try {
    const entries = listDirectory(app.files, target);
    const text = long
      ? entries.map((e) => `${e.type === 'directory' ? 'drwxr-xr-x' : '-rw-r--r--'} 1 app app ${e.name}`).join('\n')
      : entries.map((e) => e.name).join('\n');
    return { exit: 0, out: entries.length ? `${text}\n` : '', err: '', ms: 4 };
  } catch {
    const file = app.files.find((f) => f.path === safe(target));
    if (file) return { exit: 0, out: `${target}\n`, err: '', ms: 3 };
    return { exit: 2, out: '', err: `ls: cannot access '${target}': No such file or directory\n`, ms: 3 };
  }
}

function safe(raw: string): string | undefined {
  try {
    return normalizePath(raw);
  } catch {
    return undefined;
  }
}

function cat(app: BuilderAppRecord, args: string[]): Outcome {
  let out = '';
  let err = '';
  for (const name of args) {
    try {
      out += readFile(app.files, name).content;
    } catch {
      const path = safe(name);
      const isDir = path !== undefined && (path === '' || app.files.some((f) => f.path.startsWith(`${path}/`)));
      err += isDir ? `cat: ${name}: Is a directory\n` : `cat: ${name}: No such file or directory\n`;
    }
  }
  return { exit: err ? 1 : 0, out, err, ms: 3 };
}

function run(app: BuilderAppRecord, argv: string[], now: Date): Outcome {
  const [name = '', ...args] = argv;
  const vars = env(app);
  const expand = (a: string) => a.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, v: string) => vars[v] ?? '');
  switch (name) {
    case 'pwd':
      return { exit: 0, out: `${APP_ROOT}\n`, err: '', ms: 1 };
    case 'whoami':
      return { exit: 0, out: 'app\n', err: '', ms: 1 };
    case 'true':
      return { exit: 0, out: '', err: '', ms: 1 };
    case 'false':
      return { exit: 1, out: '', err: '', ms: 1 };
    case 'exit':
      return { exit: Number.parseInt(args[0] ?? '0', 10) & 255 || 0, out: '', err: '', ms: 1 };
    case 'date':
      return { exit: 0, out: `${now.toUTCString()}\n`, err: '', ms: 2 };
    case 'echo':
      return { exit: 0, out: `${args.map(expand).join(' ')}\n`, err: '', ms: 1 };
    case 'env':
    case 'printenv': {
      if (args[0] !== undefined) return args[0] in vars ? { exit: 0, out: `${vars[args[0]]}\n`, err: '', ms: 2 } : { exit: 1, out: '', err: '', ms: 2 };
      return { exit: 0, out: `${Object.entries(vars).map(([k, v]) => `${k}=${v}`).join('\n')}\n`, err: '', ms: 2 };
    }
    case 'ls':
      return ls(app, args);
    case 'cat':
      return cat(app, args);
    case 'sleep': {
      const seconds = Number(args[0]);
      if (!Number.isFinite(seconds) || seconds < 0) return { exit: 1, out: '', err: `sleep: invalid time interval '${args[0] ?? ''}'\n`, ms: 1 };
      return { exit: 0, out: '', err: '', ms: Math.round(seconds * 1000) };
    }
  }
  const version = VERSIONS[name];
  if (version !== undefined && (args[0] === '--version' || args[0] === '-v' || args[0] === '-V')) {
    return { exit: 0, out: `${version}\n`, err: '', ms: 84 };
  }
  return { exit: 127, out: '', err: `sh: 1: ${name}: not found\n`, ms: 2 };
}

export function execCommand(app: BuilderAppRecord, command: string, timeoutSeconds: number, now: Date): ExecResult {
  let left = timeoutSeconds * 1000;
  let output = '';
  let exit = 0;
  for (const part of sequence(command)) {
    const argv = words(part);
    if (argv.length === 0) continue;
    const result = run(app, argv, now);
    if (result.ms > left) return { exit_code: 137, output: maskSecrets(app, output) };
    left -= result.ms;
    output += result.out + result.err;
    exit = result.exit;
  }
  return { exit_code: exit, output: maskSecrets(app, output) };
}

// The command line: flags and their environment variables, usage mistakes reported as such, and
// full mode against a deployment refused without the explicit opt-in to costs.
import { describe, expect, it } from 'vitest';
import { buildTarget } from '../../conformance/run/build-target.ts';
import { parseOptions, UsageError } from '../../conformance/run/options.ts';

describe('options', () => {
  it('read flags, and environment variables when a flag is absent', () => {
    const o = parseOptions(['--base-url', 'https://acme.example.com/', '--mode', 'safe'], {
      CONFORMANCE_TOKEN: 'wst_x',
      CONFORMANCE_PROFILE: 'quick',
      CONFORMANCE_PARTS: 'auth,time',
      CONFORMANCE_SEED: '42',
      CONFORMANCE_ACCEPT_COSTS: 'yes',
    });
    expect(o.baseUrl).toBe('https://acme.example.com');
    expect(o.token).toBe('wst_x');
    expect(o.mode).toBe('safe');
    expect(o.profile).toBe('quick');
    expect(o.parts).toEqual(['auth', 'time']);
    expect(o.seed).toBe(42);
    expect(o.acceptCosts).toBe(true);
    expect(o.rate).toBe(900);
    expect(o.failOn).toBe('published');
  });

  it('read the threshold label from --fail-on or CONFORMANCE_FAIL_ON, the flag first', () => {
    expect(parseOptions(['--fail-on', 'documented'], {}).failOn).toBe('documented');
    expect(parseOptions([], { CONFORMANCE_FAIL_ON: 'inferred' }).failOn).toBe('inferred');
    expect(parseOptions(['--fail-on', 'published'], { CONFORMANCE_FAIL_ON: 'inferred' }).failOn).toBe('published');
  });

  it('parse a replay of seed, path and command sequence', () => {
    expect(parseOptions(['--replay=-12/3:0:1/BAC:F/+'], {}).replay).toEqual({ seed: -12, path: '3:0:1', commands: 'BAC:F/+' });
    expect(parseOptions(['--replay', '5/0'], {}).replay).toEqual({ seed: 5, path: '0' });
  });

  it.each([
    [['--mode', 'everything'], /--mode/],
    [['--profile', 'huge'], /--profile/],
    [['--parts', 'auth,vibes'], /unknown part "vibes"/],
    [['--base-url', 'not a url'], /not a URL/],
    [['--replay', 'abc'], /--replay/],
    [['--rate', '-1'], /--rate/],
    [['--fail-on', 'seed'], /--fail-on must be one of documented, published, inferred/],
    [['--no-such-flag'], /no-such-flag/],
    [['--checks', 'response-schema,no-such-check'], /--checks: unknown check "no-such-check"/],
    [['--exclude-checks', 'vibes'], /--exclude-checks: unknown check "vibes"/],
    [['--checks', 'response-schema', '--exclude-checks', 'response-schema'], /leave no check/],
    [['--shard', '3/2'], /--shard must be i\/n/],
    [['--shard', '0/2'], /--shard must be i\/n/],
    [['--shard', 'half'], /--shard must be i\/n/],
  ])('refuse %j', (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(UsageError);
    expect(() => parseOptions(argv, {})).toThrow(message);
  });

  it('read --checks, --exclude-checks, --shard and --dry-run, and their environment variables', () => {
    expect(parseOptions([], {}).checks).toBeUndefined();
    expect(parseOptions(['--checks', 'response-schema, status-documented'], {}).checks).toEqual(['status-documented', 'response-schema']);
    const excluded = parseOptions([], { CONFORMANCE_EXCLUDE_CHECKS: 'tls-version' }).checks;
    expect(excluded).not.toContain('tls-version');
    expect(excluded).toContain('tls-https-only');
    expect(parseOptions(['--shard', '2/3'], {}).shard).toEqual({ index: 2, count: 3 });
    expect(parseOptions([], { CONFORMANCE_SHARD: '1/2' }).shard).toEqual({ index: 1, count: 2 });
    expect(parseOptions(['--dry-run'], {}).dryRun).toBe(true);
    expect(parseOptions([], {}).dryRun).toBe(false);
  });

  it('refuse full mode against a deployment without --accept-costs', async () => {
    const o = parseOptions(['--base-url', 'https://acme.example.com', '--token', 'wst_x', '--mode', 'full'], {});
    await expect(buildTarget(o)).rejects.toThrow(/--accept-costs/);
    const accepted = await buildTarget({ ...o, acceptCosts: true });
    expect(accepted.target.mode).toBe('full');
    expect(accepted.mock).toBeUndefined();
  });

  it('default to readonly against a deployment, with the tenant taken from the host', async () => {
    const { target } = await buildTarget(parseOptions(['--base-url', 'https://acme.example.com', '--token', 'wst_x'], {}));
    expect(target.mode).toBe('readonly');
    expect(target.tenant).toBe('acme');
    expect(target.generalPerMinute).toBe(900);
    expect(target.isMock).toBe(false);
    expect(target.failOn).toBe('published');
  });

  it('refuse a base URL without a token, and faults against a deployment', async () => {
    await expect(buildTarget(parseOptions(['--base-url', 'https://acme.example.com'], {}))).rejects.toThrow(/--token/);
    await expect(buildTarget(parseOptions(['--base-url', 'https://acme.example.com', '--token', 'x', '--fault', 'wrong-status'], {}))).rejects.toThrow(/mock only/);
  });
});

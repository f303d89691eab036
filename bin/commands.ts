// The bin's subcommands (bin/cli.ts loads this file once the Node version is known to fit). The
// subcommand is taken out of process.argv, so each CLI parses its own flags as when run alone.
const USAGE = `Usage: agent-platform-contract <command> [flags]
Commands:
  mock          serve the mock API (agent-platform-contract mock --help)
  conformance   certify a base URL against the contract (agent-platform-contract conformance --help)`;

const [command] = process.argv.splice(2, 1);
switch (command) {
  case 'mock':
    await import('../mock/cli.ts');
    break;
  case 'conformance':
    await import('../conformance/cli.ts');
    break;
  case undefined:
  case '--help':
  case '-h':
    console.log(USAGE);
    break;
  default:
    console.error(`unknown command "${command}"\n${USAGE}`);
    process.exitCode = 2;
}

import { describeEnv, type EnvVariableDescription, unknownVariables } from '@evidence/env-config';
import { type Command, InvalidArgumentError } from 'commander';
import { ReportedFailure } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';

interface EnvOptions {
  prefix: string;
  json?: boolean;
}

export function envCommand(command: Command, io: CliIo): void {
  command
    .description(
      'every environment variable, its default and its current value; flags invalid values (exit 1) and unknown prefixed names',
    )
    .option('--prefix <prefix>', 'variable prefix your trainer uses', prefixOption, 'EVIDENCE_')
    .option('--json', 'print the variables as JSON')
    .addHelpText('after', '\nExamples:\n  $ evidence env\n  $ evidence env --prefix OAK_EXAMPLE_ --json')
    .action(async (options: EnvOptions) => {
      // The same reading as the packages: describeEnv validates each value as readEvidenceEnv does.
      const variables = describeEnv({ prefix: options.prefix, env: io.env });
      const unknown: EnvVariableDescription[] = unknownVariables({
        prefix: options.prefix,
        env: io.env,
      }).map(({ variable, suggestion }) => ({
        variable,
        default: '',
        value: io.env[variable] ?? null,
        source: 'environment',
        description: '',
        effective: null,
        problem: `unknown${suggestion === null ? '' : `; did you mean ${suggestion}?`}`,
      }));
      const invalid = variables.filter((v) => v.problem !== undefined);
      if (options.json) {
        printJson(io.stdout, [...variables, ...unknown]);
      } else {
        const { renderTextTable } = await import('@evidence/report');
        const rows = variables.map((v) => [v.variable, v.value ?? '', v.default, v.source, v.description]);
        printLine(io.stdout, renderTextTable(['variable', 'value', 'default', 'source', 'meaning'], rows));
      }
      for (const v of invalid) {
        printLine(io.stderr, `evidence: ${v.variable}=${JSON.stringify(v.value)}: expected ${v.problem}`);
      }
      for (const v of unknown) printLine(io.stderr, `evidence: ${v.variable}: ${v.problem}`);
      if (invalid.length > 0) {
        throw new ReportedFailure(`${invalid.length} invalid variable${invalid.length === 1 ? '' : 's'}`);
      }
    });
}

/** A prefix is part of a variable name: a wrong one is bad usage (exit 2), said before anything is read. */
function prefixOption(value: string): string {
  if (!/^[A-Za-z0-9_]*$/.test(value))
    throw new InvalidArgumentError(
      `expected letters, digits and underscores only, got ${JSON.stringify(value)}`,
    );
  return value;
}

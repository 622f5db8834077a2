import { describeEnv } from '@evidence/env-config';
import type { Command } from 'commander';
import { type CliIo, printLine } from '../io.js';
import { renderTextTable } from '../text-table.js';

interface EnvOptions {
  prefix: string;
  json?: boolean;
}

export function envCommand(command: Command, io: CliIo): void {
  command
    .description('every environment variable, its default and its current value')
    .option('--prefix <prefix>', 'variable prefix your trainer uses', 'EVIDENCE_')
    .option('--json', 'print the variables as JSON')
    .addHelpText('after', '\nExamples:\n  $ evidence env\n  $ evidence env --prefix OAK_EXAMPLE_ --json')
    .action((options: EnvOptions) => {
      const variables = describeEnv({ prefix: options.prefix, env: io.env });
      if (options.json) {
        printLine(io.stdout, JSON.stringify(variables, null, 2));
        return;
      }
      const rows = variables.map((v) => [v.variable, v.value ?? '', v.default, v.source, v.description]);
      printLine(io.stdout, renderTextTable(['variable', 'value', 'default', 'source', 'meaning'], rows));
    });
}

/**
 * The commands the documents give a Python user (`npx @evidence/cli …`, which needs Node and nothing else),
 * and a folder holding what they presume: the reference trainer's evidence folder, what SB3, rl-zoo,
 * CleanRL, MLflow and W&B leave on disk (the fixtures written as those tools write them).
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommand } from '../../../scripts/readme-examples.js';
import { copyFixture } from './helpers.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The documents a Python user reads for a command. */
export const DOCUMENTS = ['FORMATS.md', 'README.md', 'apps/cli/README.md'];

/** Every `npx @evidence/cli …` command of the documents, with the document and line it is on. */
export function documentedCommands(): { where: string; args: string[] }[] {
  return DOCUMENTS.flatMap((doc) =>
    readFileSync(join(repoRoot, doc), 'utf8')
      .split('\n')
      .flatMap((text, i) =>
        [...text.matchAll(/npx @evidence\/cli ([^`#\n]+?)\s*(?:#|`|$)/g)]
          .map((m) => m[1] as string)
          .filter((command) => !command.includes('…'))
          .map((command) => ({ where: `${doc}:${i + 1}`, args: splitCommand(`evidence ${command}`).args })),
      ),
  );
}

/** `dir` filled with what the documented commands read. */
export function documentedWorkspace(dir: string): void {
  const fixtures = join(repoRoot, 'packages', 'sources', 'test', 'fixtures');
  cpSync(copyFixture(), join(dir, 'evidence'), { recursive: true });
  cpSync(copyFixture(), join(dir, 'runs', 'ppo-42', 'evidence'), { recursive: true });
  cpSync(join(fixtures, 'sb3'), join(dir, 'logs', 'ppo_cartpole'), { recursive: true });
  cpSync(join(fixtures, 'sb3', '0.monitor.csv'), join(dir, 'first.monitor.csv'));
  cpSync(join(fixtures, 'sb3', '1.monitor.csv'), join(dir, 'last.monitor.csv'));
  cpSync(join(fixtures, 'stores', 'rl-zoo', 'logs'), join(dir, 'logs'), { recursive: true });
  const cleanrl = join(fixtures, 'layouts', 'cleanrl', 'runs');
  mkdirSync(join(dir, 'runs'), { recursive: true });
  cpSync(
    join(cleanrl, 'CartPole-v1__ppo__1__1700000001'),
    join(dir, 'runs', 'CartPole-v1__ppo__1__1700000000'),
    {
      recursive: true,
    },
  );
  cpSync(
    join(cleanrl, 'CartPole-v1__ppo__2__1700000002'),
    join(dir, 'runs', 'CartPole-v1__ppo__2__1700000002'),
    {
      recursive: true,
    },
  );
  cpSync(join(fixtures, 'stores', 'mlflow', 'mlflow.db'), join(dir, 'mlflow.db'));
  cpSync(join(fixtures, 'stores', 'wandb'), join(dir, 'wandb'), { recursive: true });
}

/**
 * Hugging Face Trainer / TRL output folder: `trainer_state.json` (written last) and `checkpoint-N/`
 * copies of the history up to N: the newest state is the run, the copies are claimed with it.
 */
import { join } from 'node:path';
import { JOIN_RANK, type Recogniser } from '../catalogue/types.js';
import { readTrainerStatePart } from '../readers.js';

export const hfTrainer: Recogniser = {
  name: 'hf-trainer',
  async recognise(folder) {
    const checkpoints = folder.dirs
      .filter((d) => /^checkpoint-\d+$/.test(d) && folder.filesOf(d).includes('trainer_state.json'))
      .sort((a, b) => Number(b.slice(11)) - Number(a.slice(11)));
    const top = folder.files.includes('trainer_state.json');
    if (!top && checkpoints.length === 0) return [];
    const state = top ? 'trainer_state.json' : `${checkpoints[0]}/trainer_state.json`;
    const copies = checkpoints.map((c) => `${c}/trainer_state.json`).filter((c) => c !== state);
    return [
      {
        role: 'join',
        layout: 'hf-trainer',
        rank: JOIN_RANK.whole,
        files: [state, ...copies].map((f) => folder.path(f)),
        read: async () => [await readTrainerStatePart(join(folder.abs, state), state)],
      },
    ];
  },
};

// The commands of the builder agent model, as fast-check arbitraries: create, poll, answer,
// approve, rebuild and list. Outcomes and delays are drawn for the mock's markers; the model's
// predictions never depend on them.
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { AnswerBuilderAgentCommand } from './answer-builder-agent.ts';
import { ApproveBuilderAgentCommand } from './approve-builder-agent.ts';
import { CreateBuilderAgentCommand } from './create-builder-agent.ts';
import { ListBuilderAgentsCommand } from './list-builder-agents.ts';
import { type BuilderAgentModel, SETTLED } from './model.ts';
import { PollBuilderAgentCommand } from './poll-builder-agent.ts';
import { RebuildBuilderAgentCommand } from './rebuild-builder-agent.ts';

export type BuilderAgentCommand = fc.AsyncCommand<BuilderAgentModel, Real>;

export function builderAgentCommands(): Array<fc.Arbitrary<BuilderAgentCommand>> {
  // Arguments do not shrink: every shrink attempt replays a sequence that waits for processing,
  // so shrinking only drops commands, which is what makes a sequence short.
  const pick = fc.noShrink(fc.nat({ max: 20 }));
  const outcome = fc.noShrink(fc.constantFrom(...SETTLED));
  const shortDelay = fc.noShrink(fc.constantFrom(100, 300));
  const poll = pick.map((p) => new PollBuilderAgentCommand(p));
  const rebuild = fc.tuple(pick, outcome, fc.noShrink(fc.constantFrom(300, 1000)), fc.noShrink(fc.boolean())).map(([p, o, d, replace]) => new RebuildBuilderAgentCommand(p, o, d, replace));
  // Polls and rebuilds appear twice: a conversation must be polled to leave processing, and a
  // rebuild meets another one still processing only when two come close together.
  return [
    fc.tuple(outcome, shortDelay, fc.noShrink(fc.boolean())).map(([o, d, named]) => new CreateBuilderAgentCommand(o, d, named)),
    poll,
    poll,
    fc.tuple(pick, outcome, shortDelay).map(([p, o, d]) => new AnswerBuilderAgentCommand(p, o, d)),
    pick.map((p) => new ApproveBuilderAgentCommand(p)),
    rebuild,
    rebuild,
    fc.noShrink(fc.option(fc.constantFrom('processing' as const, ...SETTLED), { nil: undefined })).map((s) => new ListBuilderAgentsCommand(s)),
  ];
}

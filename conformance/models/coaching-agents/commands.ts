// The commands of the coaching agent model, as fast-check arbitraries: create (with a random set
// of settings), update, set-default, read and list. Each is followed by the one-default invariant.
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { CreateCoachingAgentCommand } from './create-coaching-agent.ts';
import { ListCoachingAgentsCommand } from './list-coaching-agents.ts';
import type { CoachingModel, CoachSettings } from './model.ts';
import { ReadCoachingAgentCommand } from './read-coaching-agent.ts';
import { SetDefaultCoachingAgentCommand } from './set-default-coaching-agent.ts';
import { UpdateCoachingAgentCommand } from './update-coaching-agent.ts';

export type CoachingCommand = fc.AsyncCommand<CoachingModel, Real>;

/** Settings in the contract's bounds (CoachingAgentCreate / CoachingAgentUpdate), any subset of them. */
export function coachSettings(): fc.Arbitrary<CoachSettings> {
  return fc.record(
    {
      description: fc.constantFrom('', 'Coaches the booking calls.'),
      is_active: fc.boolean(),
      // The published values, and free text of at most 100 characters.
      coaching_tone: fc.constantFrom('supportive', 'direct', 'constructive', 'motivational', 'calm and patient', 'x'.repeat(100)),
      coaching_frequency: fc.constantFrom('per_session', 'daily', 'weekly'),
      auto_trigger_threshold: fc.integer({ min: 0, max: 100 }),
      include_positive_feedback: fc.boolean(),
      include_actionable_steps: fc.boolean(),
      coaching_templates: fc.array(fc.constantFrom('Strength: {strength}. Next: {improvement}.', 'One thing to try: {improvement}.'), { maxLength: 2 }),
      training_examples: fc.array(
        fc.record({
          issue: fc.constantFrom('The customer asks for a discount straight away.', 'The caller is upset about a missed appointment.'),
          coaching: fc.constantFrom('Acknowledge the concern before offering anything.', 'Apologise once, then offer the next free slot.'),
        }),
        { maxLength: 2 },
      ),
      resource_library: fc.array(
        fc.record(
          {
            title: fc.constantFrom('Objection handling playbook', 'Rescheduling guide'),
            type: fc.constantFrom('document', 'article'),
            url: fc.constantFrom('https://coaching.example.com/playbooks/objections.pdf', 'https://coaching.example.com/guides/rescheduling'),
            description: fc.constantFrom('Four steps for price objections', 'How to offer a new slot'),
            topics: fc.array(fc.constantFrom('objections', 'rescheduling'), { maxLength: 2 }),
          },
          { requiredKeys: ['title', 'url'] },
        ),
        { maxLength: 1 },
      ),
      general_guidelines: fc.constantFrom('', 'Name one strength and one improvement per session.'),
      include_resources: fc.boolean(),
      language: fc.constantFrom('en', 'de-DE', 'fr'),
    },
    { requiredKeys: [] },
  );
}

export function coachingCommands(): Array<fc.Arbitrary<CoachingCommand>> {
  const pick = fc.nat({ max: 20 });
  return [
    coachSettings().map((s) => new CreateCoachingAgentCommand(s)),
    fc.tuple(pick, coachSettings(), fc.boolean()).map(([p, s, rename]) => new UpdateCoachingAgentCommand(p, s, rename)),
    pick.map((p) => new SetDefaultCoachingAgentCommand(p)),
    pick.map((p) => new ReadCoachingAgentCommand(p)),
    fc.integer({ min: 1, max: 5 }).map((n) => new ListCoachingAgentsCommand(n)),
  ];
}

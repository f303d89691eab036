// The commands of the coaching agent model, as fast-check arbitraries: create (with a random set
// of settings, sometimes `is_default`), update (the same, `is_default` true or false), set-default,
// read and list. Each is followed by the one-default invariant.
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
      coaching_frequency: fc.constant('immediate'),
      auto_trigger_threshold: fc.integer({ min: 0, max: 100 }),
      include_positive_feedback: fc.boolean(),
      include_actionable_steps: fc.boolean(),
      // Published template objects; a template sent without scenario, tone or is_custom gets them filled in.
      coaching_templates: fc.array(
        fc.record(
          {
            name: fc.constantFrom('Low score', 'Missed price'),
            scenario: fc.constantFrom('The score is below the threshold', 'The price never came up'),
            tone: fc.constantFrom('supportive', 'direct'),
            template: fc.constantFrom('Strength: {strength}. Next: {improvement}.', 'One thing to try: {improvement}.'),
            is_custom: fc.boolean(),
          },
          { requiredKeys: ['name', 'template'] },
        ),
        { maxLength: 2 },
      ),
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
            // A comma-separated string (published).
            topics: fc.constantFrom('objections', 'pricing, price objections, sales, closing', ''),
          },
          { requiredKeys: ['title', 'url'] },
        ),
        { maxLength: 1 },
      ),
      general_guidelines: fc.constantFrom('', 'Name one strength and one improvement per session.'),
      include_resources: fc.boolean(),
      // Free text of at most 50 characters (published).
      language: fc.constantFrom('English', 'German', 'x'.repeat(50)),
    },
    { requiredKeys: [] },
  );
}

export function coachingCommands(): Array<fc.Arbitrary<CoachingCommand>> {
  const pick = fc.nat({ max: 20 });
  // `is_default` left out half the time, else true or false.
  const isDefault = fc.option(fc.boolean(), { nil: undefined, freq: 2 });
  return [
    fc.tuple(coachSettings(), isDefault).map(([s, d]) => new CreateCoachingAgentCommand(s, d)),
    fc.tuple(pick, coachSettings(), fc.boolean(), isDefault).map(([p, s, rename, d]) => new UpdateCoachingAgentCommand(p, s, rename, d)),
    pick.map((p) => new SetDefaultCoachingAgentCommand(p)),
    pick.map((p) => new ReadCoachingAgentCommand(p)),
    fc.integer({ min: 1, max: 5 }).map((n) => new ListCoachingAgentsCommand(n)),
  ];
}

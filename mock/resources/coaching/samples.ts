// What a coaching agent starts with when its create leaves the lists out (published API: left out on
// create, `coaching_templates` starts with sample templates and `training_examples` with a sample
// example). The contents are the mock's own; each call returns fresh objects.
import type { Schemas } from '../../state/workspace.ts';

export function sampleTemplates(): Array<Schemas['CoachingAgentTemplate']> {
  return [
    {
      name: 'Below the threshold',
      scenario: 'The evaluation score is below the trigger threshold',
      tone: 'supportive',
      template: "Let's look at this conversation together. {strength} went well; next time, {improvement}.",
      is_custom: false,
    },
    {
      name: 'Strong result',
      scenario: 'The evaluation score is 90% or more',
      tone: 'motivational',
      template: 'Great work on {strength}. Keep doing exactly that.',
      is_custom: false,
    },
  ];
}

export function sampleTrainingExamples(): Array<Schemas['CoachingAgentTrainingExample']> {
  return [
    {
      issue: 'The agent talks over the customer while they describe the problem.',
      coaching: 'Let the customer finish, sum up what you heard, then answer.',
    },
  ];
}

// The base classes of the coaching agent commands: each makes its own request and prediction,
// then the model's invariant (exactly one default) is read back from the service after the step.
// A command on one of the suite's coaching agents (`pick` chooses it) runs once the model has one.
import { ModelCommand, PickCommand } from '../model-command.ts';
import type { CoachingModel, CoachRecord } from './model.ts';
import { checkOneDefault } from './one-default.ts';

export abstract class CoachCommand extends ModelCommand<CoachingModel> {
  protected override invariant = checkOneDefault;
}

export abstract class OneCoachCommand extends PickCommand<CoachingModel, CoachRecord> {
  protected override invariant = checkOneDefault;

  protected records(model: Readonly<CoachingModel>): readonly CoachRecord[] {
    return model.coaches;
  }
}

// Agent parts: each kind's add-one, replace-all, update-one and delete-one, derived from its
// declaration (kinds.ts) by the parts kit.
import type { HandlerGroup } from '../../core/handler.ts';
import { GUIDELINES, NOTES, PROCEDURES, TRAINING } from './kinds.ts';
import { partsHandlers } from './parts-kit.ts';

export const agentPartHandlers = {
  ...partsHandlers(GUIDELINES, { add: 'addAgentGuideline', replace: 'replaceAgentGuidelines', update: 'updateAgentGuideline', remove: 'deleteAgentGuideline' }),
  ...partsHandlers(NOTES, { add: 'addAgentNote', replace: 'replaceAgentNotes', update: 'updateAgentNote', remove: 'deleteAgentNote' }),
  ...partsHandlers(PROCEDURES, { add: 'addAgentProcedure', replace: 'replaceAgentProcedures', update: 'updateAgentProcedure', remove: 'deleteAgentProcedure' }),
  ...partsHandlers(TRAINING, { add: 'addAgentTraining', replace: 'replaceAgentTraining', update: 'updateAgentTraining', remove: 'deleteAgentTraining' }),
} satisfies HandlerGroup;

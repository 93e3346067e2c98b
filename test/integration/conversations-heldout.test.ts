/**
 * The held-out conversations (eval/heldout: 4 conversations, 44 turns), written blind with the committed ones and kept
 * out of the repository until the follow-up reader was built, through real sessions.
 */
import { HELDOUT_CHINOOK_CONVERSATIONS } from '../../eval/heldout/chinook';
import { HELDOUT_DEMO_CONVERSATIONS } from '../../eval/heldout/demo';
import { conversationSuite } from './conversation-suite';

conversationSuite('conversations-heldout', [...HELDOUT_CHINOOK_CONVERSATIONS, ...HELDOUT_DEMO_CONVERSATIONS], 40);
